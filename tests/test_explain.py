"""A score shows its work: explain(), the HTML view, matched n-grams and a one-line str."""

import math
import re
from html.parser import HTMLParser

import pytest

from bleu_lab import bleu_from_stats, corpus_bleu, sentence_bleu

# Google's NASA rover example (13a tokens; the final "." is a token).
REFERENCE = "The NASA Opportunity rover is battling a massive dust storm on Mars."
CANDIDATE = "The Opportunity rover is combating a big sandstorm on Mars."
# Hand count (see tests/test_bleu_golden.py): 8/11, 4/10, 2/9, 0/8; c = 11, r = 13.
COUNTS, TOTALS = [8, 4, 2, 0], [11, 10, 9, 8]
BP = math.exp(1 - 13 / 11)  # 0.8338
EXP_PRECISIONS = [8 / 11, 4 / 10, 2 / 9, 1 / (2 * 8)]  # exp smoothing: first empty order -> 1/(2 * total)
EXP_SCORE = BP * math.exp(sum(math.log(p) for p in EXP_PRECISIONS) / 4)  # 0.2102


def rover(**keywords):
    return sentence_bleu(CANDIDATE, [REFERENCE], **keywords)


def row_for_order(text, n, matches, total, precision):
    """The line of the table for order n: it holds n, matches, total and the precision (4 decimals)."""
    for line in text.splitlines():
        fields = line.split()
        if fields[:1] == [str(n)] and str(matches) in fields[1:] and str(total) in fields[1:]:
            if f"{precision:.4f}" in fields:
                return line
    raise AssertionError(f"no row for order {n} with {matches}/{total} = {precision:.4f} in:\n{text}")


def test_explain_has_every_number_of_the_rover_example():
    result = rover(smoothing="exp")
    text = result.explain()
    for n, (m, t, p) in enumerate(zip(COUNTS, TOTALS, EXP_PRECISIONS), 1):
        row_for_order(text, n, m, t, p)
    assert "c = 11" in text and "r = 13" in text
    assert f"{BP:.4f}" == "0.8338"
    assert "0.8338" in text
    assert "exp(1 - 13/11)" in text
    assert f"{EXP_SCORE:.4f}" in text
    assert "0.2102" in text  # hand value: 0.8338 * (8/11 * 4/10 * 2/9 * 1/16) ** (1/4)
    # The geometric mean before the brevity penalty.
    assert f"{EXP_SCORE / BP:.4f}" in text
    assert result.score == pytest.approx(EXP_SCORE, abs=1e-12)


def test_explain_shows_the_exp_fraction_of_each_order_without_a_match():
    # exp (sacrebleu, Chen and Cherry 2014 method 3): the k-th order with no match gets 1 / (2^k x total).
    # By hand: "the cat sat on a mat" against "the cat is on the mat": unigrams the, cat, on, mat 4/6;
    # bigrams "the cat" 1/5; no trigram of 4 and no 4-gram of 3 matches: 1 / (2^1 x 4), then 1 / (2^2 x 3).
    text = sentence_bleu("the cat sat on a mat", ["the cat is on the mat"], smoothing="exp").explain()
    assert "1 / (2^1 x 4)" in text and "1 / (2^2 x 3)" in text
    assert "1 / (2^1 x 8)" in rover(smoothing="exp").explain()  # the rover's 4-grams, its only empty order
    row_for_order(text, 3, 0, 4, 1 / 8)
    row_for_order(text, 4, 0, 3, 1 / 12)


def test_explain_unsmoothed_rover_shows_the_zero_order():
    text = rover().explain()
    row_for_order(text, 4, 0, 8, 0.0)
    assert "0.0000" in text.splitlines()[-1]  # BLEU = 0


@pytest.mark.parametrize(
    ("keywords", "sacrebleu_keywords"),
    [
        ({}, {"smooth_method": "none"}),
        ({"smoothing": "exp"}, {"smooth_method": "exp"}),
        ({"smoothing": "floor", "smooth_value": 0.2}, {"smooth_method": "floor", "smooth_value": 0.2}),
        ({"smoothing": "add-k"}, {"smooth_method": "add-k", "smooth_value": 1}),
    ],
)
def test_explain_says_which_sacrebleu_call_prints_the_score(keywords, sacrebleu_keywords):
    import sacrebleu

    # The unsmoothed rover is 0, but sacrebleu's default ('exp') is not: the note must name the smoothing.
    theirs = sacrebleu.corpus_bleu([CANDIDATE], [[REFERENCE]], use_effective_order=False, **sacrebleu_keywords)
    last = rover(**keywords).explain().splitlines()[-1]
    method = sacrebleu_keywords["smooth_method"]
    assert f"sacrebleu prints {theirs.score:.2f} with the signature's settings, smooth_method={method!r}" in last
    if "smooth_value" in keywords:
        assert f"smooth_value={keywords['smooth_value']:g})" in last


def test_explain_of_an_nltk_method_does_not_claim_a_sacrebleu_call():
    last = rover(smoothing="method4").explain().splitlines()[-1]
    assert "sacrebleu prints" not in last and "sacrebleu has no method4" in last


def test_explain_a_corpus_and_statistics_without_text():
    corpus = corpus_bleu(["a cat is on the mat", "the dog"], [["the cat is on the mat"], ["the dog barks"]])
    text = corpus.explain()
    # Summed by hand: 7/8, 5/6, 3/4, 2/3, c = 8, r = 9.
    for n, (m, t) in enumerate(zip([7, 5, 3, 2], [8, 6, 4, 3]), 1):
        row_for_order(text, n, m, t, m / t)
    assert "c = 8" in text and "r = 9" in text
    stats = bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6)
    assert "0.7598" in stats.explain()  # (1/3) ** (1/4)
    assert "<" in stats._repr_html_()


class SpanCollector(HTMLParser):
    """Text of every highlighted span (a <span> with a background colour), in document order."""

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.spans = []

    def handle_starttag(self, tag, attrs):
        if tag == "span" and "background" in (dict(attrs).get("style") or ""):
            self.depth += 1
            self.spans.append("")

    def handle_endtag(self, tag):
        if tag == "span" and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.spans[-1] += data


def highlighted(html_text):
    parser = SpanCollector()
    parser.feed(html_text)
    return parser.spans


def test_html_highlights_matched_ngrams():
    html_text = rover(smoothing="exp")._repr_html_()
    spans = highlighted(html_text)
    # Unigram matches: The, Opportunity, rover, is, a, on, Mars, "."; never combating, big, sandstorm.
    for token in ("The", "Opportunity", "rover", "is", "a", "on", "Mars", "."):
        assert token in spans
    for token in ("combating", "big", "sandstorm"):
        assert token not in spans
    # The table repeats the numbers.
    for value in ("0.7273", "0.4000", "0.2222", "0.2102", "0.8338"):
        assert value in html_text


def test_html_highlights_only_the_clipped_count():
    # Seven "the", clipped to 2 (lowercased references): exactly two highlighted unigrams.
    result = sentence_bleu("the the the the the the the", ["The cat is on the mat.", "There is a cat on the mat."],
                           lowercase=True, max_order=1)
    assert highlighted(result._repr_html_()) == ["the", "the"]


def test_html_escapes_tokens():
    result = sentence_bleu(["<b>", "cat", "&", "sat"], [["<b>", "cat", "&", "sat", "<script>"]])
    html_text = result._repr_html_()
    plain = sentence_bleu(["x", "cat", "y", "sat"], [["x", "cat", "y", "sat", "z"]])._repr_html_()
    # The token appears escaped, and no tag from the tokens reaches the markup.
    assert "&lt;b&gt;" in html_text
    assert "&lt;script&gt;" in html_text
    assert "<script>" not in html_text
    assert html_text.count("<b>") == plain.count("<b>")
    assert "&amp;" in html_text
    # The escaped token is highlighted as a match.
    assert "<b>" in highlighted(html_text)
    assert re.search(r"<span[^>]*>&lt;b&gt;</span>", html_text)


def test_matched_ngrams_clipped_and_unclipped_by_hand():
    # Candidate "cat cat cat the the the the" against "the cat cat" and "the the the mat".
    result = sentence_bleu("cat cat cat the the the the", ["the cat cat", "the the the mat"])
    unigrams = {m.ngram: m for m in result.matched_ngrams(1)}
    # cat: 3 in the candidate, at most 2 in one reference -> clipped to 2; the: 4 vs 3 -> 3.
    assert (unigrams[("cat",)].candidate_count, unigrams[("cat",)].reference_count, unigrams[("cat",)].clipped) == (
        3, 2, 2)
    assert (unigrams[("the",)].candidate_count, unigrams[("the",)].reference_count, unigrams[("the",)].clipped) == (
        4, 3, 3)
    assert all(m.was_clipped for m in unigrams.values())
    bigrams = {m.ngram: (m.candidate_count, m.reference_count, m.clipped) for m in result.matched_ngrams(2)}
    # (cat, cat) x2 vs 1 in ref 1 -> 1; (cat, the) x1, in no reference -> 0; (the, the) x3 vs 2 in ref 2 -> 2.
    assert bigrams == {("cat", "cat"): (2, 1, 1), ("cat", "the"): (1, 0, 0), ("the", "the"): (3, 2, 2)}
    # Clipped total 1 + 0 + 2 = 3 of 6 candidate bigrams; unclipped (found at all) 2 + 3 = 5.
    assert result.counts[1] == sum(c for _, _, c in bigrams.values()) == 3
    assert sum(n for n, r, _ in bigrams.values() if r > 0) == 5
    assert result.totals[1] == 6


def test_matched_ngrams_rover_and_its_bounds():
    result = rover()
    assert {m.ngram for m in result.matched_ngrams(2) if m.matched} == {
        ("Opportunity", "rover"), ("rover", "is"), ("on", "Mars"), ("Mars", ".")}
    assert not any(m.matched for m in result.matched_ngrams(4))
    with pytest.raises(ValueError):
        result.matched_ngrams(5)
    with pytest.raises(ValueError):
        result.matched_ngrams(0)


def test_str_is_one_line():
    results = [
        rover(),
        rover(smoothing="exp"),
        sentence_bleu("", ["the cat"]),
        sentence_bleu("", [""]),
        corpus_bleu(["a b c d"], [["a b c d"]]),
        bleu_from_stats([1, 0], [2, 1], 2, 3, max_order=2),
    ]
    for result in results:
        text = str(result)
        assert "\n" not in text
        assert text.startswith("BLEU = ")
    assert str(rover(smoothing="exp")).startswith("BLEU = 0.2102")


def test_corpus_results_have_no_ngrams_to_show():
    corpus = corpus_bleu(["a b c d", "e f"], [["a b c d"], ["e f"]])
    with pytest.raises(ValueError, match="sentence_bleu"):
        corpus.matched_ngrams(1)


def test_results_cannot_be_changed_after_the_fact():
    result = rover()
    result.counts.append(99)
    result.precisions[0] = 5.0
    assert result.counts == COUNTS
    assert result.precisions[0] == pytest.approx(8 / 11)
    with pytest.raises(AttributeError):
        result.score = 1.0


def test_add_k_explanation_shows_the_smoothed_fraction():
    # Issue 9: the add-k table showed "clipped 1, total 5, precision 0.3333" with no sign of the +k.
    # By hand: p2 = (1 + 1) / (5 + 1) = 0.3333, p3 = (0 + 1) / (4 + 1) = 0.2, as sacrebleu computes.
    import sacrebleu

    candidate, reference = "the cat sat on a mat", "the cat is on the mat"
    text = sentence_bleu(candidate, [reference], smoothing="add-k").explain()
    assert "fraction used" in text
    assert "(1 + 1) / (5 + 1)" in text and "(0 + 1) / (4 + 1)" in text
    theirs = sacrebleu.BLEU(smooth_method="add-k").sentence_score(candidate, [reference])
    assert [round(p / 100, 4) for p in theirs.precisions] == [0.6667, 0.3333, 0.2, 0.25]
    for value in ("0.3333", "0.2000", "0.2500"):
        assert value in text
    # Without smoothing nothing is changed, so the column is not shown.
    assert "fraction used" not in sentence_bleu(candidate, [reference]).explain()


def test_bp_formula_by_hand():
    from bleu_lab.bleu.explanation import bp_formula

    # Papineni et al. (2002), sections 2.2.2 and 2.3: BP = 1 if c > r else exp(1 - r/c); nothing to score when c = 0.
    assert bp_formula(11, 13) == "exp(1 - 13/11)"
    assert bp_formula(6, 6) == "exp(1 - 6/6)"  # c = r is not c > r: exp(0) = 1 by the formula
    assert bp_formula(14, 12) == "1 (c > r)"
    assert bp_formula(14, 12, show_lengths=True) == "1 (c = 14 > r = 12)"
    assert bp_formula(0, 5) == bp_formula(0, 5, show_lengths=True) == "0 (empty candidate)"


def test_one_order_table_for_the_result_and_the_playground():
    from bleu_lab.bleu.explanation import order_rows, order_table_html
    from bleu_lab.show.playground import compute_playground

    result = rover()
    # Hand count of the rover example: (n, clipped, total, precision, weight 1/4).
    assert [row[:3] for row in order_rows(result)] == [(n, m, t) for n, (m, t) in enumerate(zip(COUNTS, TOTALS), 1)]
    assert [row[4] for row in order_rows(result)] == [0.25] * 4
    plain = order_table_html(result)
    assert "<th style='padding:0 8px'>weight</th>" in plain and "class=" not in plain
    marked = order_table_html(result, weights=False, marked=True)
    assert "weight" not in marked and marked.count("class='bl-row'") == 4
    assert "<td class='bl-clipped'>8</td><td class='bl-total'>11</td>" in marked
    view = compute_playground(CANDIDATE, [REFERENCE])
    assert view.rows == tuple(row[:4] for row in order_rows(result))
    assert f"<td class='bl-precision'>{8 / 11:.4f}</td>" in view.numbers_html


def test_highlight_rows_mark_references_only_when_asked():
    from bleu_lab.bleu.explanation import highlight_rows_html

    # "the cat" matches the reference's first two tokens as a bigram; "sat" matches nothing.
    plain = highlight_rows_html(["the", "cat", "sat"], [["the", "cat", "is", "here"]], 2)
    assert plain.count("<tr>") == 3 and "reference 1</td><td style='text-align:left'>the cat is here</td>" in plain
    marked = highlight_rows_html(["the", "cat", "sat"], [["the", "cat", "is", "here"]], 2, reference_numbers=[3],
                                 classes=True, mark_references=True, limit=2)
    reference_row = marked[marked.index("reference 3"):]
    assert "class='bl-reference-3'" in reference_row and reference_row.count("bl-mark-2") == 2
    assert "here" not in reference_row  # limit=2: only the first two tokens are shown


def sacrebleu_unigram_bleu(candidate_tokens, reference_tokens):
    """sacrebleu's BLEU with N = 1 (p1 x BP) on tokens as they are, on the 0-1 scale."""
    from sacrebleu.metrics import BLEU

    metric = BLEU(tokenize="none", max_ngram_order=1, smooth_method="none")
    return metric.sentence_score(" ".join(candidate_tokens), [" ".join(r) for r in reference_tokens]).score / 100


def test_precision_and_brevity_by_hand():
    from bleu_lab.bleu.explanation import precision_and_brevity, precision_and_brevity_by_length

    references = [r.split() for r in ("the cat is on the mat", "there is a cat on the mat")]
    # "the the the the": 'the' at most twice in one reference -> 2 of 4; c = 4, r = 6: BP = exp(1 - 6/4).
    row = precision_and_brevity("the the the the".split(), references)
    assert (row.candidate_length, row.reference_length, row.matches) == (4, 6, 2)
    assert row.p1 == 2 / 4 and row.brevity_penalty == pytest.approx(math.exp(-0.5))
    assert row.product == pytest.approx(0.5 * math.exp(-0.5))
    # Prefixes of "the the cat the": matches 1, 2, 3, then the third 'the' is clipped: 3 of 4.
    rows = precision_and_brevity_by_length("the the cat the".split(), references, range(5))
    assert [r.matches for r in rows] == [0, 1, 2, 3, 3]
    assert rows[0].p1 == 0.0 and rows[0].brevity_penalty == 0.0  # c = 0: nothing to score
    with pytest.raises(ValueError, match="between 0 and the candidate's 4 tokens"):
        precision_and_brevity_by_length("the the cat the".split(), references, [5])


@pytest.mark.parametrize(
    "candidate, references",
    [
        (CANDIDATE, [REFERENCE]),
        ("the cat the cat on the mat the mat the", ["the cat is on the mat", "there is a cat on the mat"]),
        ("a b c d e f g h", ["b a", "h g f e d c b a x y z", "c c c"]),  # r moves between references as c grows
    ],
)
def test_precision_and_brevity_of_every_prefix_is_sacrebleus_unigram_bleu(candidate, references):
    from bleu_lab import tokenize
    from bleu_lab.bleu.explanation import precision_and_brevity_by_length

    tokens, reference_tokens = tokenize(candidate), [tokenize(r) for r in references]
    rows = precision_and_brevity_by_length(tokens, reference_tokens, range(1, len(tokens) + 1))
    for c, row in enumerate(rows, 1):
        assert abs(row.product - sacrebleu_unigram_bleu(tokens[:c], reference_tokens)) < 1e-9, c


@pytest.mark.parametrize(
    ("candidate", "reference", "weights"),
    [
        ("the cat sat on the mat", "the cat is on the mat", None),  # one empty order: about 7e-78
        ("the cat", "the cat is on the mat", None),  # no trigram or 4-gram at all (nltk: 0/1 each)
        ("a cat sat on a red mat today", "the cat is on the mat", (0.5, 0.3, 0.2)),
        ("the cat sat on the mat", "the cat is on the mat", (0.4, 0.3, 0.2, 0.1)),
    ],
)
def test_nltk_tiny_zero_is_nltks_method0_number(candidate, reference, weights):
    import warnings

    from nltk.translate.bleu_score import SmoothingFunction
    from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu

    from bleu_lab.bleu.explanation import nltk_tiny_zero

    keywords = {} if weights is None else {"weights": list(weights)}
    result = sentence_bleu(candidate, [reference], smoothing="method0", **keywords)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = nltk_sentence_bleu([reference.split()], candidate.split(), weights or (0.25,) * 4,
                                    smoothing_function=SmoothingFunction().method0)
    assert result.score == 0.0 and 0 < theirs < 1e-30  # bleu_lab: 0; nltk: a tiny positive number
    tiny = nltk_tiny_zero(result)
    assert tiny.value == pytest.approx(theirs, rel=1e-12)
    assert tiny.floor_factor * tiny.other_factor * tiny.brevity_penalty == pytest.approx(theirs, rel=1e-12)
    note = result.explain().splitlines()[-1]
    assert note.startswith("note: nltk's method0 returns") and f"{theirs:.4e}" in note


def test_nltk_tiny_zero_by_hand_and_where_nltk_agrees():
    import sys

    from bleu_lab.bleu.explanation import nltk_tiny_zero

    tiny = nltk_tiny_zero(sentence_bleu("the cat sat on the mat", ["the cat is on the mat"], smoothing="method0"))
    # By hand: p = 5/6, 3/5, 1/4, 0/3; nltk uses the smallest float for 0/3.
    assert tiny.zero_orders == (4,)
    assert tiny.floor_factor == pytest.approx(sys.float_info.min ** 0.25)
    assert tiny.other_factor == pytest.approx((5 / 6 * 3 / 5 * 1 / 4) ** 0.25)
    # Nothing to replace (every order matches), or no unigram at all (nltk returns exactly 0): no note.
    for candidate in ("the cat is on the mat", "dogs bark loudly"):
        result = sentence_bleu(candidate, ["the cat is on the mat"], smoothing="method0")
        assert nltk_tiny_zero(result) is None and "nltk's method0 returns" not in result.explain()


def test_the_sacrebleu_call_in_the_note_prints_the_number_shown():
    import sacrebleu

    # ":g" wrote smooth_value=0.101081, and sacrebleu run with that prints 25.48, not 25.47.
    value = 0.10108050837464531
    result = sentence_bleu("the cat sat on the mat", ["the cat is on the mat"], smoothing="floor", smooth_value=value)
    last = result.explain().splitlines()[-1]
    assert f"smooth_value={value!r})" in last
    shown = sacrebleu.corpus_bleu(["the cat sat on the mat"], [["the cat is on the mat"]], smooth_method="floor",
                                  smooth_value=value, use_effective_order=False).score
    assert f"sacrebleu prints {shown:.2f}" in last
