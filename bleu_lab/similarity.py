"""A meaning-based score: the cosine of two sentence vectors from a small offline embedding model.

BLEU, ROUGE and chrF count shared surface strings, so a correct paraphrase
("the feline rests upon the rug" for "the cat is on the mat") scores near
zero. An embedding score compares what the words *mean* instead, as far as a
vector can hold that.

How a sentence becomes a vector here (WordLlama, Miller 2024, the model
shipped inside the ``wordllama`` wheel, "l2_supercat", 256 dimensions):

1. the model's tokenizer (Llama 2's SentencePiece vocabulary, 32,000
   subwords) splits the text into subwords: "feline" -> "▁f", "eline";
2. each subword has one fixed vector of 256 numbers, learned from the token
   embeddings of large language models (Llama 2 70B and others) so that
   similar texts get similar mean vectors; it does not depend on the
   neighbouring words (a static embedding, like GloVe or word2vec);
3. the sentence vector is the mean of its subword vectors.

The score is the cosine similarity of the candidate's vector ``a`` and a
reference's vector ``b``:

    cos(a, b) = a . b / (|a| |b|)

1 when the two point the same way, near 0 for unrelated sentences; it can
be slightly negative. With several references the best (highest) cosine
counts, as chrF and ROUGE use the best reference. A corpus score is the mean
of the sentence scores.

What it cannot see, by construction: word order (a mean does not change when
the subwords are shuffled, so "mat the on is cat the" scores 1.0 against
"the cat is on the mat") and small words that flip the meaning ("not" moves
the mean a little, so a negation still scores about 0.97).

The model is loaded once, on first use, from the files inside the installed
``wordllama`` package, with downloads disabled: nothing is fetched at run
time. ``import bleu_lab`` does not import it.

Licences: wordllama's code is MIT. Its weights were trained from the token
embeddings of Llama 2 70B (Meta, Llama 2 Community License) and phi-3-medium
(Microsoft, MIT); treat them as also subject to the Llama 2 Community
License and its Acceptable Use Policy (see README, "Embedding score").

>>> round(similarity("the cat is on the mat", ["the cat is on the mat"]).score, 4)
1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .checks import check_candidate_and_references, check_corpus, keywords_checked
from .style import cell, element, muted, row, signature_html, table, text

MODEL_CONFIG = "l2_supercat"
MODEL_DIM = 256
MODEL_NAME = f"wordllama-{MODEL_CONFIG}-{MODEL_DIM}"
_INSTALL_HINT = (
    "bleu_lab.similarity needs the wordllama package, which ships its small embedding model inside its wheel. "
    "Install it with: pip install 'bleu_lab[lab]'  (or: pip install wordllama)"
)


@dataclass(frozen=True)
class _Model:
    """The loaded model: a subword tokenizer and one vector per subword id."""

    tokenizer: Any  # a tokenizers.Tokenizer
    vectors: Any  # numpy float32 array, (vocabulary size, MODEL_DIM)
    version: str


@lru_cache(maxsize=1)
def _model() -> _Model:
    """Load the model shipped in the wordllama wheel, once, without any download."""
    import logging  # here: importing it costs about 8 ms, and only the model needs it

    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    try:
        import wordllama
    except ImportError as error:
        raise ImportError(_INSTALL_HINT) from error
    finally:
        # wordllama.inference calls logging.basicConfig(level=INFO) on import; put the root logger back.
        root.setLevel(level)
        for handler in root.handlers[:]:
            if handler not in handlers:
                root.removeHandler(handler)
    from pathlib import Path

    # load() looks for its tokenizer in the cache folder, not in the package; the wheel has both files
    # under the package folder, so that folder is the cache, and disable_download makes a miss an error.
    package = Path(wordllama.__file__).parent
    loaded = wordllama.WordLlama.load(
        config=MODEL_CONFIG, dim=MODEL_DIM, cache_dir=package, disable_download=True
    )
    tokenizer = loaded.tokenizer
    tokenizer.no_padding()
    import numpy as np

    # float64 once here, so every mean and cosine is computed in double precision.
    vectors = np.asarray(loaded.embedding, dtype=np.float64)
    return _Model(tokenizer=tokenizer, vectors=vectors, version=getattr(wordllama, "__version__", "?"))


def _as_text(text) -> str:
    # A token sequence is joined with spaces: the model has its own subword tokenizer.
    return text if isinstance(text, str) else " ".join(text)


def _check_encodable(text: str, label: str) -> str:
    """``text`` if it can be encoded as UTF-8, which the model's tokenizer needs, else a ValueError saying why.

    BLEU, ROUGE, chrF and TER count characters and take any Python string; a surrogate code point
    (U+D800 to U+DFFF, half of a UTF-16 pair) is not Unicode text on its own and cannot be encoded.
    """
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        position = error.start
        pair = text[position:position + 2]
        if len(pair) == 2 and "\ud800" <= pair[0] <= "\udbff" and "\udc00" <= pair[1] <= "\udfff":
            shown = ascii(pair)[1:-1]
            raise ValueError(
                f"{label} contains a surrogate pair split into two characters ({shown} at position {position}), "
                f"which cannot be encoded as UTF-8 for the embedding model's tokenizer (such pairs come from "
                f"UTF-16 text or JSON escapes). Join each pair into its character first: "
                f"text.encode('utf-16', 'surrogatepass').decode('utf-16')"
            ) from None
        shown = ascii(text[position])[1:-1]
        raise ValueError(
            f"{label} contains an unpaired surrogate ({shown} at position {position}), which cannot be encoded "
            f"as UTF-8 for the embedding model's tokenizer. Remove it, or replace it first: "
            f"text.encode('utf-8', 'replace').decode('utf-8') turns it into '?'"
        ) from None
    return text


def _embed(texts: list, *, subwords: bool = True) -> tuple:
    """Subwords (if asked for) and mean subword vector of each text (a zero vector for a text with no subwords).

    The mean is computed as (subword counts per text, a sparse matrix) @ (subword vectors) / lengths, which
    gives the same numbers as averaging the looked-up vectors without building one row per subword.
    """
    import numpy as np
    import scipy.sparse

    model = _model()
    # encode_batch_fast (tokenizers 0.20+) skips the offsets and the subword strings: only for scores.
    fast = getattr(model.tokenizer, "encode_batch_fast", None)
    encode = model.tokenizer.encode_batch if subwords or fast is None else fast
    encodings = encode(texts, add_special_tokens=False)
    lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(encodings))
    ids = np.fromiter((i for e in encodings for i in e.ids), dtype=np.int64, count=int(lengths.sum()))
    rows = np.repeat(np.arange(len(texts)), lengths)
    counts = scipy.sparse.csr_matrix(
        (np.ones(ids.size), (rows, ids)), shape=(len(texts), model.vectors.shape[0])
    )
    vectors = np.asarray(counts @ model.vectors) / np.maximum(lengths, 1)[:, None]
    tokens = [tuple(e.tokens) for e in encodings] if subwords else []
    return tokens, vectors


def _cosines(a, b):
    """Row-wise cosine a_i . b_i / (|a_i| |b_i|); 0.0 where either vector is zero."""
    import numpy as np

    norms = np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1)
    dots = np.einsum("ij,ij->i", a, b)
    return np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0)


def _signature(n_references: int, version: str) -> str:
    from . import __version__

    return f"nrefs:{n_references}|model:{MODEL_NAME}|pool:mean|sim:cos|wordllama:{version}|bleu_lab:{__version__}"


def _model_line(version: str) -> str:
    return f"model: {MODEL_NAME} (WordLlama, shipped in the wordllama {version} wheel, loaded offline)"


_HOW = (
    "each text -> Llama 2 SentencePiece subwords -> one fixed {dim}-number vector per subword (no context) "
    "-> the mean vector; score = cosine a.b / (|a| |b|) of candidate and reference vectors"
)


_COLUMNS = ("", "text", "subwords", "cosine")


@dataclass(frozen=True)
class SimilarityResult:
    """Embedding similarity of one candidate with its references.

    ``score`` is the best cosine over the references (-1 to 1; 1 = same
    direction); ``cosines`` has one cosine per reference, ``best`` is the
    index of the best one. ``candidate_subwords`` and ``reference_subwords``
    are what the model's tokenizer made of the texts.
    """

    score: float
    cosines: tuple
    best: int
    candidate: str
    references: tuple
    candidate_subwords: tuple
    reference_subwords: tuple
    model_version: str

    @property
    def signature(self) -> str:
        """Every setting that can change the score, in sacrebleu's style, plus bleu_lab's version."""
        return _signature(len(self.references), self.model_version)

    def __str__(self) -> str:
        return f"similarity = {self.score:.4f} (cosine of mean subword vectors; {self.signature})"

    def __repr__(self) -> str:
        return f"<SimilarityResult {self}>"

    def explain(self) -> str:
        """The similarity, what it compares and how: model, subwords, mean vectors, cosine."""
        lines = [
            f"similarity = {self.score:.4f}: cosine of the candidate's vector with the best reference's vector "
            f"(reference {self.best + 1} of {len(self.references)})",
            _model_line(self.model_version),
            "how: " + _HOW.format(dim=MODEL_DIM),
            f"candidate ({len(self.candidate_subwords)} subwords): {' '.join(self.candidate_subwords)}",
        ]
        for i, (subwords, cosine) in enumerate(zip(self.reference_subwords, self.cosines)):
            mark = "  <- best" if i == self.best else ""
            lines.append(
                f"reference {i + 1} ({len(subwords)} subwords): {' '.join(subwords)}  cosine {cosine:.4f}{mark}"
            )
        lines.append(
            "blind spots: word order (shuffled subwords give the same mean, cosine 1.0) "
            "and negation (one 'not' barely moves the mean)"
        )
        lines.append(f"({self.signature})")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = [row("candidate", text(self.candidate), text(" ".join(self.candidate_subwords)), cell(""))]
        rows += [
            row(f"reference {i + 1}{' (best)' if i == self.best else ''}", text(reference),
                text(" ".join(subwords)), f"{cosine:.4f}")
            for i, (reference, subwords, cosine) in enumerate(zip(self.references, self.reference_subwords,
                                                                  self.cosines))
        ]
        return (
            f"<div class='bleu-lab-result'><b>similarity = {self.score:.4f}</b> "
            + muted(f"(cosine of mean subword vectors, {text(MODEL_NAME)})")
            + table(rows, header=_COLUMNS)
            + f"{signature_html(self.signature)}</div>"
        )


@dataclass(frozen=True)
class CorpusSimilarityResult:
    """Embedding similarity of a corpus: the mean of the sentence scores (best reference per sentence)."""

    score: float
    sentence_scores: tuple
    n_references: int
    model_version: str

    @property
    def signature(self) -> str:
        """Every setting that can change the score, in sacrebleu's style, plus bleu_lab's version."""
        return _signature(self.n_references, self.model_version)

    def __str__(self) -> str:
        return (
            f"similarity = {self.score:.4f} (mean over {len(self.sentence_scores)} sentences of the cosine "
            f"of mean subword vectors; {self.signature})"
        )

    def __repr__(self) -> str:
        return f"<CorpusSimilarityResult {self}>"

    def explain(self) -> str:
        """The corpus score, how each sentence score is made, and the spread of the sentence scores."""
        ordered = sorted(self.sentence_scores)
        middle = ordered[len(ordered) // 2]
        return "\n".join([
            f"similarity = {self.score:.4f}: the mean of {len(ordered)} sentence cosines "
            f"(lowest {ordered[0]:.4f}, median {middle:.4f}, highest {ordered[-1]:.4f})",
            _model_line(self.model_version),
            "how: " + _HOW.format(dim=MODEL_DIM) + "; with several references the best cosine counts",
            f"({self.signature})",
        ])

    def _repr_html_(self) -> str:
        return element("div", element("pre", text(self.explain())), class_="bleu-lab-result")


@keywords_checked
def similarity(candidate, references) -> SimilarityResult:
    """Embedding similarity of a candidate with its references: the best cosine of mean subword vectors.

    ``candidate`` is a string or a token sequence (joined with spaces: the
    model has its own subword tokenizer); ``references`` is a non-empty list
    of references, as for every bleu_lab metric. Formula (module docstring):
    cos(a, b) = a . b / (|a| |b|) of the mean WordLlama subword vectors.

    >>> result = similarity("the feline rests upon the rug", ["the cat is on the mat"])
    >>> result.signature.split("|")[:2]
    ['nrefs:1', 'model:wordllama-l2_supercat-256']
    """
    candidate, references = check_candidate_and_references(
        candidate, references, function="similarity",
        call='similarity("the feline rests upon the rug", ["the cat is on the mat"])',
    )
    texts = [_check_encodable(_as_text(candidate), "the candidate")]
    texts += [_check_encodable(_as_text(r), f"references[{i}]") for i, r in enumerate(references)]
    subwords, vectors = _embed(texts)
    import numpy as np

    cosines = _cosines(np.repeat(vectors[:1], len(references), axis=0), vectors[1:])
    best = int(np.argmax(cosines))
    return SimilarityResult(
        score=float(cosines[best]),
        cosines=tuple(float(c) for c in cosines),
        best=best,
        candidate=texts[0],
        references=tuple(texts[1:]),
        candidate_subwords=subwords[0],
        reference_subwords=tuple(subwords[1:]),
        model_version=_model().version,
    )


@keywords_checked
def corpus_similarity(candidates, references) -> CorpusSimilarityResult:
    """Mean embedding similarity of a corpus; ``references[i]`` is the list of references of ``candidates[i]``.

    Each sentence scores the best cosine over its references (as
    :func:`similarity`); the corpus score is their mean. Each distinct text
    is embedded once.

    >>> corpus_similarity(["the cat is on the mat"], [["the cat is on the mat"]]).n_references
    1
    """
    return system_similarity({"corpus": candidates}, references, function="corpus_similarity")["corpus"]


@keywords_checked
def system_similarity(systems, references, *, function: str = "system_similarity") -> dict:
    """:func:`corpus_similarity` of several systems against the same references: ``{name: result}``.

    ``systems`` maps a name to its candidate lines; ``references[i]`` is the
    list of references of segment i. Every distinct text (a reference, or a
    line two systems share) is embedded once for all systems.

    >>> scores = system_similarity({"A": ["a cat"], "B": ["the cat"]}, [["the cat"]])
    >>> round(scores["B"].score, 4)
    1.0
    """
    import numpy as np

    if not hasattr(systems, "items") or not systems:
        raise TypeError(
            f"systems must be a non-empty mapping from a system name to its candidate lines. "
            f"Right: {function}({{'A': lines_a, 'B': lines_b}}, [[ref] for ref in reference_lines])"
        )
    checked = {}
    right = (None if function == "corpus_similarity"
             else f"{function}({{'A': lines_a, 'B': lines_b}}, [[ref] for ref in reference_lines])")
    for name, lines in systems.items():
        label = "candidates" if right is None else f"systems[{name!r}]"
        candidates, refs = check_corpus(lines, references, function=function, call=right, name=label)
        # Indices from 0 with brackets, as check_corpus names a sentence ("candidates[1]").
        system = "" if function == "corpus_similarity" else f" of system {name!r}"
        checked[name] = [
            _check_encodable(_as_text(c), f"candidates[{i}]{system}") for i, c in enumerate(candidates)
        ]
    reference_texts = [
        [_check_encodable(_as_text(r), f"references[{i}][{k}]") for k, r in enumerate(rs)]
        for i, rs in enumerate(refs)
    ]
    every_text = [*(t for lines in checked.values() for t in lines), *(t for rs in reference_texts for t in rs)]
    texts = list(dict.fromkeys(every_text))
    _, vectors = _embed(texts, subwords=False)
    row = {text: i for i, text in enumerate(texts)}
    n_references = max(len(rs) for rs in reference_texts)
    version = _model().version
    results = {}
    for name, lines in checked.items():
        candidate_rows = np.array([row[t] for t in lines])
        scores = np.full(len(lines), -np.inf)
        for k in range(n_references):
            has = np.array([len(rs) > k for rs in reference_texts])
            reference_rows = np.array([row[rs[k]] for rs in reference_texts if len(rs) > k])
            scores[has] = np.maximum(scores[has], _cosines(vectors[candidate_rows[has]], vectors[reference_rows]))
        results[name] = CorpusSimilarityResult(
            score=float(scores.mean()),
            sentence_scores=tuple(float(x) for x in scores),
            n_references=n_references,
            model_version=version,
        )
    return results


@dataclass(frozen=True)
class GreedyMatchResult:
    """BERTScore's matching (Zhang et al. 2020) over static subword vectors: precision, recall and F1.

    ``candidate_matches[i]`` = (j, cosine): the reference subword most similar to candidate subword i;
    ``reference_matches[j]`` likewise for reference subword j.
    """

    precision: float
    recall: float
    f1: float
    candidate_subwords: tuple
    reference_subwords: tuple
    candidate_matches: tuple
    reference_matches: tuple

    def __str__(self) -> str:
        return (f"greedy matching: P = {self.precision:.4f}, R = {self.recall:.4f}, F1 = {self.f1:.4f} "
                f"(static {MODEL_NAME} subword vectors, no idf, no rescaling)")

    def explain(self) -> str:
        """Each candidate subword with its best reference subword and their cosine, then P, R and F1."""
        lines = [str(self), "candidate subword -> best reference subword (cosine):"]
        lines += [f"  {token!r:>14} -> {self.reference_subwords[j]!r:<14} {cosine:.3f}"
                  for token, (j, cosine) in zip(self.candidate_subwords, self.candidate_matches)]
        lines.append(f"P = mean of the {len(self.candidate_matches)} candidate cosines; R = mean of the "
                     f"{len(self.reference_matches)} reference subwords' best cosines; F1 = 2PR / (P + R)")
        return "\n".join(lines)


def _subword_vectors(text: str) -> tuple:
    """The subwords of ``text`` and their unit-length static vectors (one row each)."""
    import numpy as np

    model = _model()
    encoding = model.tokenizer.encode(text, add_special_tokens=False)
    vectors = model.vectors[np.array(encoding.ids, dtype=np.int64)]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return tuple(encoding.tokens), vectors / np.where(norms > 0, norms, 1.0)


def greedy_match(candidate: str, reference: str) -> GreedyMatchResult:
    """BERTScore's greedy matching (Zhang et al. 2020, section 3) over the static subword vectors shipped here.

    Each subword of the candidate is matched to its most similar subword of the reference (cosine of
    their vectors), and the other way round:

        P = (1/|c|) sum_i max_j cos(c_i, r_j),  R = (1/|r|) sum_j max_i cos(c_i, r_j),  F1 = 2PR / (P + R)

    BERTScore does this with contextual vectors from a transformer, so that "bank" by a river and "bank"
    with money get different vectors; here each subword has one vector whatever its neighbours (no
    context), and a match ignores where the matched subword stands (no word order). No idf weighting
    and no baseline rescaling (both optional in BERTScore).

    >>> result = greedy_match("the cat sat", "the cat sat")
    >>> round(result.precision, 6), round(result.recall, 6), round(result.f1, 6)
    (1.0, 1.0, 1.0)
    """
    call = 'greedy_match("the feline rests on the rug", "the cat is on the mat")'
    texts = []
    for name, given in (("candidate", candidate), ("reference", reference)):
        if not isinstance(given, str):
            raise TypeError(f"{name} must be a string (one sentence), not {type(given).__name__}. Right: {call}")
        if not given.strip():
            raise ValueError(f"{name} is empty; greedy matching needs at least one subword on each side. "
                             f"Right: {call}")
        texts.append(_check_encodable(given, f"the {name}"))
    candidate_subwords, candidate_vectors = _subword_vectors(texts[0])
    reference_subwords, reference_vectors = _subword_vectors(texts[1])
    cosines = candidate_vectors @ reference_vectors.T  # (candidate subwords, reference subwords)
    best_for_candidate, best_for_reference = cosines.argmax(axis=1), cosines.argmax(axis=0)
    precision = float(cosines.max(axis=1).mean())
    recall = float(cosines.max(axis=0).mean())
    f1 = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    return GreedyMatchResult(
        precision=precision, recall=recall, f1=f1,
        candidate_subwords=candidate_subwords, reference_subwords=reference_subwords,
        candidate_matches=tuple((int(j), float(cosines[i, j])) for i, j in enumerate(best_for_candidate)),
        reference_matches=tuple((int(i), float(cosines[i, j])) for j, i in enumerate(best_for_reference)),
    )


__all__ = ["CorpusSimilarityResult", "GreedyMatchResult", "SimilarityResult", "corpus_similarity", "greedy_match",
           "similarity", "system_similarity"]
