"""Hand-written answers to labs 3-7 for the tests: a right version of each function, and the usual
mistakes written as a student would write them (not taken from bleu_lab.exercises.mistakes).

``LAB_MISTAKES`` rows are ``(check name, wrong function, hint key, words the hint must contain)``.
"""

from __future__ import annotations

import math
import random
from collections import Counter


def lcs_length(a, b):
    """Length of the longest common subsequence of token lists a and b (Lin 2004, section 3.1)."""
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                table[i][j] = table[i - 1][j - 1] + 1
            else:
                table[i][j] = max(table[i - 1][j], table[i][j - 1])
    return table[len(a)][len(b)]


def rouge_l(candidate, reference):
    """ROUGE-L of one candidate against one reference, as (precision, recall, fmeasure)."""
    lcs = lcs_length(candidate, reference)
    precision = lcs / len(candidate) if candidate else 0.0
    recall = lcs / len(reference) if reference else 0.0
    if precision + recall == 0:
        return precision, recall, 0.0
    return precision, recall, 2 * precision * recall / (precision + recall)


def chrf(candidate, reference):
    """chrF of a candidate string against a reference string: char 1-6 grams, beta 2, 0-1 scale."""
    candidate, reference = candidate.replace(" ", ""), reference.replace(" ", "")
    precisions, recalls = [], []
    for n in range(1, 7):
        cand = Counter(candidate[i:i + n] for i in range(len(candidate) - n + 1))
        ref = Counter(reference[i:i + n] for i in range(len(reference) - n + 1))
        if not cand or not ref:
            continue  # this order does not exist in one of the strings
        matches = sum(min(count, ref[gram]) for gram, count in cand.items())
        precisions.append(matches / sum(cand.values()))
        recalls.append(matches / sum(ref.values()))
    if not precisions:
        return 0.0
    p, r = sum(precisions) / len(precisions), sum(recalls) / len(recalls)
    beta2 = 2 ** 2
    return (1 + beta2) * p * r / (beta2 * p + r) if p + r else 0.0


def edit_distance(hypothesis, reference):
    """Word-level Levenshtein distance: the fewest insertions, deletions and substitutions."""
    previous = list(range(len(reference) + 1))  # from nothing: j insertions
    for i, word in enumerate(hypothesis, start=1):
        row = [i]  # to nothing: i deletions
        for j, other in enumerate(reference, start=1):
            row.append(min(previous[j] + 1,  # delete word
                           row[j - 1] + 1,  # insert other
                           previous[j - 1] + (word != other)))  # substitute (or keep)
        previous = row
    return previous[-1]


def sentence_statistics(candidate, reference):
    """[c, r, matches of orders 1-4, totals of orders 1-4] of one sentence and its reference."""
    row = [len(candidate), len(reference)]
    matches, totals = [], []
    for n in range(1, 5):
        cand = Counter(tuple(candidate[i:i + n]) for i in range(len(candidate) - n + 1))
        ref = Counter(tuple(reference[i:i + n]) for i in range(len(reference) - n + 1))
        matches.append(sum(min(count, ref[gram]) for gram, count in cand.items()))
        totals.append(max(0, len(candidate) - n + 1))
    return row + matches + totals


def bleu_from_statistics(sums):
    """Corpus BLEU-4 (no smoothing, 0-1) of summed statistics [c, r, matches 1-4, totals 1-4]."""
    c, r, matches, totals = sums[0], sums[1], sums[2:6], sums[6:10]
    if min(matches) == 0:
        return 0.0
    log_mean = sum(math.log(m / t) for m, t in zip(matches, totals)) / 4
    penalty = 1.0 if c > r else math.exp(1 - r / c)
    return penalty * math.exp(log_mean)


def bootstrap_ci(candidates, references, n_samples, seed):
    """95% percentile bootstrap interval of corpus BLEU, resampling sentence statistics."""
    rows = [sentence_statistics(c, r) for c, r in zip(candidates, references)]
    n = len(rows)
    rng = random.Random(seed)
    scores = []
    for _ in range(n_samples):
        drawn = rng.choices(range(n), k=n)  # n sentences, with replacement
        sums = [sum(rows[i][k] for i in drawn) for k in range(10)]
        scores.append(bleu_from_statistics(sums))
    scores.sort()
    k = n_samples // 40
    return scores[k], scores[n_samples - 1 - k]


def kendall_tau(x, y):
    """Kendall's tau-b of two equally long lists of scores."""
    concordant = discordant = tied_x = tied_y = 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            dx, dy = x[i] - x[j], y[i] - y[j]
            if dx == 0:
                tied_x += 1  # tied in x (tied in both counts here and below)
            if dy == 0:
                tied_y += 1
            if dx * dy > 0:
                concordant += 1
            elif dx * dy < 0:
                discordant += 1
    pairs = len(x) * (len(x) - 1) // 2
    return (concordant - discordant) / math.sqrt((pairs - tied_x) * (pairs - tied_y))


# ---------------------------------------------------------------- the usual mistakes, as students write them


def lcs_substring(a, b):
    """The longest common run of consecutive words: a mismatch resets the table cell to 0."""
    best = 0
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                table[i][j] = table[i - 1][j - 1] + 1
                best = max(best, table[i][j])
    return best


def lcs_shared_words(a, b):
    """The shared words, in any order."""
    return sum((Counter(a) & Counter(b)).values())


def lcs_greedy(a, b):
    """Each word of a matched with its next occurrence in b."""
    position, found = 0, 0
    for word in a:
        for j in range(position, len(b)):
            if b[j] == word:
                position, found = j + 1, found + 1
                break
    return found


def rouge_l_recall_first(candidate, reference):
    p, r, f = rouge_l(candidate, reference)
    return r, p, f


def rouge_l_with_substring(candidate, reference):
    lcs = lcs_substring(candidate, reference)
    p = lcs / len(candidate) if candidate else 0.0
    r = lcs / len(reference) if reference else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def rouge_l_mean_f(candidate, reference):
    p, r, _ = rouge_l(candidate, reference)
    return p, r, (p + r) / 2


def rouge_l_greedy(candidate, reference):
    lcs = lcs_greedy(candidate, reference)
    p = lcs / len(candidate) if candidate else 0.0
    r = lcs / len(reference) if reference else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def _chrf_orders(candidate, reference):
    """(P_n, R_n) for each order both strings have, spaces kept as given."""
    found = []
    for n in range(1, 7):
        cand = Counter(candidate[i:i + n] for i in range(len(candidate) - n + 1))
        ref = Counter(reference[i:i + n] for i in range(len(reference) - n + 1))
        if cand and ref:
            matches = sum((cand & ref).values())
            found.append((matches / sum(cand.values()), matches / sum(ref.values())))
    return found


def chrf_with_spaces(candidate, reference):
    orders = _chrf_orders(candidate, reference)
    if not orders:
        return 0.0
    p = sum(o[0] for o in orders) / len(orders)
    r = sum(o[1] for o in orders) / len(orders)
    return 5 * p * r / (4 * p + r) if p + r else 0.0


def chrf_mean_of_f(candidate, reference):
    orders = _chrf_orders(candidate.replace(" ", ""), reference.replace(" ", ""))
    scores = [5 * p * r / (4 * p + r) if p + r else 0.0 for p, r in orders]
    return sum(scores) / len(scores) if scores else 0.0


def chrf_beta_on_recall(candidate, reference):
    orders = _chrf_orders(candidate.replace(" ", ""), reference.replace(" ", ""))
    if not orders:
        return 0.0
    p = sum(o[0] for o in orders) / len(orders)
    r = sum(o[1] for o in orders) / len(orders)
    return 5 * p * r / (4 * r + p) if p + r else 0.0


def chrf_over_six(candidate, reference):
    orders = _chrf_orders(candidate.replace(" ", ""), reference.replace(" ", ""))
    p = sum(o[0] for o in orders) / 6
    r = sum(o[1] for o in orders) / 6
    return 5 * p * r / (4 * p + r) if p + r else 0.0


def edit_distance_of_characters(hypothesis, reference):
    return edit_distance(" ".join(hypothesis), " ".join(reference))


def edit_distance_substitution_two(hypothesis, reference):
    previous = list(range(len(reference) + 1))
    for i, word in enumerate(hypothesis, start=1):
        row = [i]
        for j, other in enumerate(reference, start=1):
            row.append(min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (0 if word == other else 2)))
        previous = row
    return previous[-1]


def edit_distance_zero_border(hypothesis, reference):
    table = [[0] * (len(reference) + 1) for _ in range(len(hypothesis) + 1)]
    for i in range(1, len(hypothesis) + 1):
        for j in range(1, len(reference) + 1):
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1,
                              table[i - 1][j - 1] + (hypothesis[i - 1] != reference[j - 1]))
    return table[-1][-1]


def edit_distance_position_by_position(hypothesis, reference):
    return sum(1 for h, r in zip(hypothesis, reference) if h != r) + abs(len(hypothesis) - len(reference))


def edit_distance_with_shifts(hypothesis, reference):
    """TER's edit count (shifts count 1): sacrebleu's tercom port."""
    from sacrebleu.metrics.lib_ter import translation_edit_rate

    return translation_edit_rate(hypothesis, reference)[0]


def edit_distance_rate(hypothesis, reference):
    return edit_distance(hypothesis, reference) / len(reference) if reference else 0.0


def _bootstrap(candidates, references, n_samples, seed, draw, score=bleu_from_statistics):
    rows = [sentence_statistics(c, r) for c, r in zip(candidates, references)]
    rng = random.Random(seed)
    scores = sorted(score(draw(rng, rows)) for _ in range(n_samples))
    k = n_samples // 40
    return scores[k], scores[n_samples - 1 - k]


def _summed(rows):
    return [sum(column) for column in zip(*rows)]


def bootstrap_shuffled(candidates, references, n_samples, seed):
    """Each sample a shuffle of the corpus: without replacement."""
    return _bootstrap(candidates, references, n_samples, seed,
                      lambda rng, rows: _summed(rng.sample(rows, len(rows))))


def bootstrap_mean_sentence_bleu(candidates, references, n_samples, seed):
    def draw(rng, rows):
        return rng.choices(rows, k=len(rows))

    def mean_bleu(drawn):
        return sum(bleu_from_statistics(row) for row in drawn) / len(drawn)

    return _bootstrap(candidates, references, n_samples, seed, draw, mean_bleu)


def bootstrap_randrange(candidates, references, n_samples, seed):
    return _bootstrap(candidates, references, n_samples, seed,
                      lambda rng, rows: _summed([rows[rng.randrange(len(rows))] for _ in rows]))


def bootstrap_numpy_percentile(candidates, references, n_samples, seed):
    import numpy as np

    rows = [sentence_statistics(c, r) for c, r in zip(candidates, references)]
    rng = random.Random(seed)
    scores = [bleu_from_statistics(_summed(rng.choices(rows, k=len(rows)))) for _ in range(n_samples)]
    low, high = np.percentile(scores, [2.5, 97.5])
    return float(low), float(high)


def bootstrap_seeded_inside(candidates, references, n_samples, seed):
    rows = [sentence_statistics(c, r) for c, r in zip(candidates, references)]
    scores = []
    for _ in range(n_samples):
        rng = random.Random(seed)
        scores.append(bleu_from_statistics(_summed([rows[i] for i in rng.choices(range(len(rows)), k=len(rows))])))
    scores.sort()
    k = n_samples // 40
    return scores[k], scores[n_samples - 1 - k]


def bootstrap_ninety(candidates, references, n_samples, seed):
    rows = [sentence_statistics(c, r) for c, r in zip(candidates, references)]
    rng = random.Random(seed)
    scores = sorted(bleu_from_statistics(_summed([rows[i] for i in rng.choices(range(len(rows)), k=len(rows))]))
                    for _ in range(n_samples))
    k = n_samples // 20
    return scores[k], scores[n_samples - 1 - k]


def _pairs(x, y):
    concordant = discordant = 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            sign = (x[i] - x[j]) * (y[i] - y[j])
            concordant += sign > 0
            discordant += sign < 0
    return concordant, discordant


def kendall_tau_a(x, y):
    concordant, discordant = _pairs(x, y)
    return (concordant - discordant) / (len(x) * (len(x) - 1) / 2)


def kendall_untied_only(x, y):
    concordant, discordant = _pairs(x, y)
    return (concordant - discordant) / (concordant + discordant)


def kendall_ties_concordant(x, y):
    concordant = discordant = 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            if (x[i] - x[j]) * (y[i] - y[j]) >= 0:
                concordant += 1
            else:
                discordant += 1
    return (concordant - discordant) / (len(x) * (len(x) - 1) / 2)


def kendall_all_ordered_pairs(x, y):
    concordant = discordant = 0
    for i in range(len(x)):
        for j in range(len(x)):
            sign = (x[i] - x[j]) * (y[i] - y[j])
            concordant += sign > 0
            discordant += sign < 0
    return (concordant - discordant) / (len(x) * (len(x) - 1) / 2)


def kendall_pearson(x, y):
    mean_x, mean_y = sum(x) / len(x), sum(y) / len(y)
    covariance = sum((a - mean_x) * (b - mean_y) for a, b in zip(x, y))
    return covariance / math.sqrt(sum((a - mean_x) ** 2 for a in x) * sum((b - mean_y) ** 2 for b in y))


def rouge_l_shared_words(candidate, reference):
    common = lcs_shared_words(candidate, reference)
    p = common / len(candidate) if candidate else 0.0
    r = common / len(reference) if reference else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def _chrf_from_orders(orders, beta=2.0):
    p = sum(o[0] for o in orders) / len(orders)
    r = sum(o[1] for o in orders) / len(orders)
    return (1 + beta ** 2) * p * r / (beta ** 2 * p + r)  # no guard: 0 / 0 when nothing matches


def chrf_beta_one(candidate, reference):
    orders = _chrf_orders(candidate.replace(" ", ""), reference.replace(" ", ""))
    return _chrf_from_orders(orders, beta=1.0) if orders and any(p for p, _ in orders) else 0.0


def chrf_unguarded(candidate, reference):
    orders = _chrf_orders(candidate.replace(" ", ""), reference.replace(" ", ""))
    return _chrf_from_orders(orders) if orders else 0.0


def chrf_percent(candidate, reference):
    return 100 * chrf(candidate, reference)


def chrf_unclipped(candidate, reference):
    candidate, reference = candidate.replace(" ", ""), reference.replace(" ", "")
    orders = []
    for n in range(1, 7):
        cand = [candidate[i:i + n] for i in range(len(candidate) - n + 1)]
        ref = [reference[i:i + n] for i in range(len(reference) - n + 1)]
        if cand and ref:
            matches = sum(1 for gram in cand if gram in ref)
            orders.append((matches / len(cand), matches / len(ref)))
    p = sum(o[0] for o in orders) / len(orders) if orders else 0.0
    r = sum(o[1] for o in orders) / len(orders) if orders else 0.0
    return 5 * p * r / (4 * p + r) if p + r else 0.0


def bootstrap_normal(candidates, references, n_samples, seed):
    rows = [sentence_statistics(c, r) for c, r in zip(candidates, references)]
    rng = random.Random(seed)
    scores = [bleu_from_statistics(_summed([rows[i] for i in rng.choices(range(len(rows)), k=len(rows))]))
              for _ in range(n_samples)]
    mean = sum(scores) / n_samples
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / n_samples)
    return mean - 1.96 * spread, mean + 1.96 * spread


def bootstrap_percent(candidates, references, n_samples, seed):
    low, high = bootstrap_ci(candidates, references, n_samples, seed)
    return 100 * low, 100 * high


LAB_MISTAKES = [
    ("lcs_length", lcs_substring, "lcs-substring", "SUBSTRING"),
    ("lcs_length", lcs_shared_words, "lcs-unigram-overlap", "in any order"),
    ("lcs_length", lcs_greedy, "lcs-greedy", "greedy"),
    ("rouge_l", rouge_l_recall_first, "rouge-swapped", "swapped"),
    ("rouge_l", rouge_l_with_substring, "rouge-l-substring", "SUBSTRING"),
    ("rouge_l", rouge_l_mean_f, "rouge-l-arithmetic-f", "harmonic mean"),
    ("rouge_l", rouge_l_greedy, "lcs-greedy", "greedy"),
    ("rouge_l", rouge_l_shared_words, "rouge-l-unigram", "ROUGE-1's overlap"),
    ("chrf", chrf_with_spaces, "chrf-spaces", "Remove the spaces"),
    ("chrf", chrf_mean_of_f, "chrf-average-f", "averages the PRECISIONS"),
    ("chrf", chrf_beta_on_recall, "chrf-beta-wrong-side", "beta is on the wrong side"),
    ("chrf", chrf_over_six, "chrf-fixed-order", "effective order"),
    ("chrf", chrf_beta_one, "chrf-beta-1", "beta = 2"),
    ("chrf", chrf_unguarded, "chrf-zero-division", "Guard every division"),
    ("chrf", chrf_percent, "chrf-scale-100", "0-1 score"),
    ("chrf", chrf_unclipped, "chrf-no-clip", "Clip the matches"),
    ("edit_distance", edit_distance_of_characters, "ed-characters", "WORDS, not of characters"),
    ("edit_distance", edit_distance_substitution_two, "ed-substitution-2", "substitution costs 1"),
    ("edit_distance", edit_distance_zero_border, "ed-zero-border", "first row and column"),
    ("edit_distance", edit_distance_position_by_position, "ed-positional", "position by position"),
    ("edit_distance", edit_distance_with_shifts, "ed-shifts", "TER's shifts"),
    ("edit_distance", edit_distance_rate, "ed-rate", "not the rate"),
    ("bootstrap_ci", bootstrap_shuffled, "boot-without-replacement", "WITHOUT replacement"),
    ("bootstrap_ci", bootstrap_mean_sentence_bleu, "boot-average-sentence-bleu", "average sentence BLEU"),
    ("bootstrap_ci", bootstrap_randrange, "boot-other-draws", "rng.choices(range(n), k=n)"),
    ("bootstrap_ci", bootstrap_numpy_percentile, "boot-percentile-interpolated", "interpolate"),
    ("bootstrap_ci", bootstrap_seeded_inside, "boot-seed-each-sample", "new generator"),
    ("bootstrap_ci", bootstrap_ninety, "boot-90", "EACH end"),
    ("bootstrap_ci", bootstrap_normal, "boot-normal", "normal interval"),
    ("bootstrap_ci", bootstrap_percent, "boot-scale-100", "not 100 times"),
    ("kendall_tau", kendall_tau_a, "tau-a", "tau-a"),
    ("kendall_tau", kendall_untied_only, "tau-gamma", "gamma"),
    ("kendall_tau", kendall_ties_concordant, "tau-ties-concordant", "neither concordant nor discordant"),
    ("kendall_tau", kendall_all_ordered_pairs, "tau-ordered-pairs", "twice"),
    ("kendall_tau", kendall_pearson, "tau-pearson", "Pearson"),
]
