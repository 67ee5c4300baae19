"""The speed engine (bleu_lab/fast/) equals the readable definitions it names, on generated input.

The readable definitions are plain Python (bleu_lab.bleu.statistics): ``sentence_statistics`` counts one
sentence, ``sum_statistics`` adds sentences up. The engine counts a whole corpus at once with numpy
(``fast.counting``) and sums bootstrap samples and randomization trials as matrix products
(``fast.resampling``). Each property below feeds both the same generated input and compares every
number. The engine has several inner paths (a dictionary or numpy for the token ids, Python or hashing
for grouping, blocks of sentences), chosen by size; each example runs with the shipped thresholds or with
numpy forced everywhere, so small generated corpora reach the paths that real corpora take.
"""

from __future__ import annotations

import ast
import importlib
import re
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import bleu_lab
from bleu_lab import checks
from bleu_lab.bleu.statistics import sentence_statistics, sum_statistics
from bleu_lab.checks import check_corpus
from bleu_lab.fast import counting, resampling
from bleu_lab.fast.counting import count_statistics
from bleu_lab.fast.resampling import bootstrap_sums, product_in_blocks, randomization_sums, resampled_sums

PACKAGE = Path(bleu_lab.__file__).parent

# Tokens that repeat (so that n-grams match and clip), Unicode of 2, 3 and 4 UTF-8 bytes, a no-break space
# inside a word ("10\u00a0000", one token), tokens of 8, 9 and 16 bytes that share their first 8 (the engine
# compares tokens 8 bytes at a time), tokens beyond 64 bytes (compared whole), and a NUL inside a token.
VOCABULARY = [
    "the", "cat", "sat", "on", "mat", "a", "A", ".", ",",
    "é", "Straße", "日本", "🙂", "10\u00a0000",
    "abcdefgh", "abcdefghi", "abcdefghXYZabcde", "abcdefghXYZabcdf",
    "x" * 70, "x" * 69 + "y", "nul\x00inside",
]
tokens = st.lists(st.sampled_from(VOCABULARY), max_size=14)


@st.composite
def corpora(draw, texts=tokens, fewest_references=1):
    """(candidates, references): 1-8 sentences, each with 1-3 references (or ``fewest_references``); empty
    texts included."""
    n_sentences = draw(st.integers(1, 8))
    candidates = [draw(texts) for _ in range(n_sentences)]
    references = [draw(st.lists(texts, min_size=fewest_references, max_size=3)) for _ in range(n_sentences)]
    return candidates, references


def readable_rows(candidates, references, max_order):
    """The readable definition: each sentence counted by sentence_statistics, the corpus their sum."""
    statistics = [sentence_statistics(tuple(c), [tuple(r) for r in refs], max_order)
                  for c, refs in zip(candidates, references)]
    return sum_statistics(statistics).rows.tolist()


@contextmanager
def engine_paths(numpy_everywhere: bool):
    """The shipped thresholds, or numpy's paths forced for any size (ids from bytes, hashing, many blocks)."""
    with pytest.MonkeyPatch.context() as patch:
        if numpy_everywhere:
            patch.setattr(counting, "_JOINED_FROM", 0)
            patch.setattr(counting, "_GROUPED_IN_PYTHON", 0)
            patch.setattr(counting, "_CHARACTERS_PER_BLOCK", 40)
        yield patch


@settings(max_examples=200, deadline=None)
@given(corpus=corpora(), max_order=st.integers(1, 6), numpy_everywhere=st.booleans(), as_tuples=st.booleans(),
       lines=st.booleans())
def test_counting_token_lists_equals_the_readable_sum(corpus, max_order, numpy_everywhere, as_tuples, lines):
    # lines=True is how corpus_bleu counts: strings are lines to split, token lists stay token lists.
    candidates, references = corpus
    if as_tuples:
        candidates, references = [tuple(c) for c in candidates], [[tuple(r) for r in refs] for refs in references]
    expected = readable_rows(candidates, references, max_order)
    with engine_paths(numpy_everywhere):
        got = count_statistics(candidates, references, max_order, lines=lines).rows.tolist()
    assert got == expected


# Lines are whitespace-separated tokens: the vocabulary without the no-break space (str.split() splits
# there), joined by runs of spaces and tabs, with blank lines and whitespace around.
LINE_VOCABULARY = [token for token in VOCABULARY if not any(ch.isspace() for ch in token)]
separators = st.sampled_from([" ", "  ", "\t", " \t ", "\u3000", "\u00a0"])


@st.composite
def lines(draw):
    words = draw(st.lists(st.sampled_from(LINE_VOCABULARY), max_size=14))
    text = "".join(word + draw(separators) for word in words)
    return draw(st.sampled_from(["", " ", "\t"])) + text


@st.composite
def line_corpora(draw):
    n_sentences = draw(st.integers(1, 8))
    candidates = [draw(lines()) for _ in range(n_sentences)]
    references = [draw(st.lists(lines(), min_size=1, max_size=3)) for _ in range(n_sentences)]
    return candidates, references


@settings(max_examples=200, deadline=None)
@given(corpus=line_corpora(), max_order=st.integers(1, 6), numpy_everywhere=st.booleans())
def test_counting_lines_equals_the_readable_sum_of_their_split_tokens(corpus, max_order, numpy_everywhere):
    candidates, references = corpus
    expected = readable_rows([c.split() for c in candidates], [[r.split() for r in refs] for refs in references],
                             max_order)
    with engine_paths(numpy_everywhere):
        got = count_statistics(candidates, references, max_order, lines=True).rows.tolist()
    assert got == expected


def test_the_property_tests_reach_the_numpy_paths():
    # The forced thresholds must really send a small corpus through the byte ids and the hashing: were
    # the dictionary taken anyway, the properties above would test one path twice.
    calls = []
    with engine_paths(True) as patch:
        for name in ("_byte_token_ids", "_dictionary_token_ids"):
            function = getattr(counting, name)
            patch.setattr(counting, name, lambda *a, _f=function, _n=name, **k: calls.append(_n) or _f(*a, **k))
        count_statistics([["the", "cat"], ["a"]], [[["the", "cat"]], [["a"]]], 2)
    assert "_byte_token_ids" in calls and "_dictionary_token_ids" not in calls


# ----------------------------------------------------------------------------- checking token lists at once

# Tokens a check must refuse or treat with care: empty, blank, a space inside (a sentence), whitespace around,
# a no-break space inside (one word: accepted), a byte-order mark (stripped from a text's first token), a
# NUL, and tokens that are no strings at all.
ODD_TOKENS = ["", " ", "the cat", " cat", "cat\t", "10\u00a0000", "\ufeffthe", "\ufeff", "nul\x00", "\u3000x",
              7, None, ("nested",)]
WORDS = [token for token in VOCABULARY if token.isprintable() and not any(ch.isspace() for ch in token)]
# Mostly words, so that a corpus is often right but for one odd token.
odd_tokens = st.lists(st.sampled_from(WORDS * 4 + ODD_TOKENS), max_size=6)


def checked_or_error(candidates, references):
    """check_corpus's answer: the checked texts as plain lists, or the error's type and message."""
    try:
        checked, checked_references = check_corpus(candidates, references, function="corpus_bleu")
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)
    return [list(c) for c in checked], [[list(r) for r in refs] for refs in checked_references]


@settings(max_examples=300, deadline=None)
@given(corpus=corpora(odd_tokens, fewest_references=0))  # an empty list of references too
@example(corpus=([["the", "", "cat"]], [[["the"]]]))  # an empty token inside
@example(corpus=([["the"]], [[["", "cat"]]]))  # first
@example(corpus=([["the"]], [[["cat", ""]]]))  # last
@example(corpus=([["the"], [""]], [[["the"]], [["cat"]]]))  # alone in its text
@example(corpus=([["the cat"]], [[["the"]]]))
@example(corpus=([["the"]], [[["cat\t"]]]))
@example(corpus=([["the"]], [[["\u3000x"]]]))
@example(corpus=([["\ufeffthe", "cat"]], [[["the"]]]))
@example(corpus=([["the", 7]], [[["the"]]]))
def test_a_corpus_of_token_lists_is_checked_as_sentence_by_sentence(corpus):
    # The readable definition of the checks is sentence by sentence (check_candidate_and_references); the
    # corpus of token lists is checked in a few passes over all tokens. Same texts out, or the same error.
    candidates, references = corpus
    at_once = checked_or_error(candidates, references)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(checks, "_token_list_corpus", lambda *_: False)
        patch.setattr(checks, "_all_words", lambda *_: False)
        one_by_one = checked_or_error(candidates, references)
    assert at_once == one_by_one


def test_token_lists_of_words_are_kept_as_given_not_copied_text_by_text():
    # A tuple per text (5,000 for 1,000 sentences of four references) wakes the garbage collector, which
    # then walks every object of the process: token lists that pass the checks are kept as they are.
    candidates = [["the", "cat"], ["a", "dog"]]
    references = [[["the", "cat"], ["a", "cat"]], [("a", "dog")]]
    checked, checked_references = check_corpus(candidates, references, function="corpus_bleu")
    assert checked[0] is candidates[0] and checked_references[1][0] is references[1][0]
    systems, _ = checks.check_systems({"baseline": candidates, "system": [["a"], ["b"]]}, references,
                                      function="paired_bootstrap", call="paired_bootstrap(a, b, refs)")
    assert systems[1][0] == ["a"] and systems[0][1] is candidates[1]


def test_counting_receives_checked_token_lists_as_they_are():
    # No tuple per text and no list per sentence between the checks and the engine (the garbage collector).
    from bleu_lab.bleu.metric import tokenize_corpus

    candidates = [["the", "cat"], ["a", "dog"]]
    references = [[["the", "cat"], ["a", "cat"]], [["a", "dog"]]]
    candidate_lines, reference_lines = tokenize_corpus(candidates, references, "13a", False)
    assert candidate_lines[0] is candidates[0] and reference_lines is references
    lowered, _ = tokenize_corpus([["The", "Cat"]], [[["the"], ["cat"]]], "13a", True)
    assert list(lowered[0]) == ["the", "cat"]  # lowercasing still makes new tokens


# ----------------------------------------------------------------------------- resampling

@st.composite
def statistics_and_draws(draw):
    """Per-sentence statistics of a generated corpus (orders 1-4) and bootstrap draws of its sentences."""
    candidates, references = draw(corpora())
    max_order = draw(st.integers(1, 4))
    statistics = [sentence_statistics(tuple(c), [tuple(r) for r in refs], max_order)
                  for c, refs in zip(candidates, references)]
    n = len(statistics)
    draws = draw(st.lists(st.lists(st.integers(0, n - 1), min_size=n, max_size=n), min_size=1, max_size=12))
    return statistics, np.array(draws, dtype=np.int64)


def matrix_of(statistics):
    return np.array([s.as_row() for s in statistics], dtype=np.float64)


@settings(max_examples=150, deadline=None)
@given(data=statistics_and_draws())
def test_resampled_sums_equal_the_plain_sum_of_the_drawn_rows(data):
    statistics, draws = data
    expected = [sum_statistics([statistics[i] for i in draw.tolist()]).as_row() for draw in draws]
    assert resampled_sums(draws, matrix_of(statistics)).tolist() == expected


@settings(max_examples=60, deadline=None)
@given(data=statistics_and_draws(), n_samples=st.integers(1, 40), seed=st.integers(0, 2**32 - 1),
       drawn_per_block=st.sampled_from([1, 7, 50, resampling._DRAWN_PER_BLOCK]))
def test_bootstrap_sums_are_the_readable_sums_of_sacrebleus_draws(data, n_samples, seed, drawn_per_block):
    statistics, _ = data
    n = len(statistics)
    # sacrebleu's draws (sacrebleu/significance.py): every sample in one call of the generator; the engine
    # draws a block of samples at a time, which must continue the same stream.
    draws = np.random.default_rng(seed).choice(n, size=(n_samples, n), replace=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(resampling, "_DRAWN_PER_BLOCK", drawn_per_block)
        sums, last = bootstrap_sums(matrix_of(statistics), n_samples, seed)
    assert sums.tolist() == [sum_statistics([statistics[i] for i in draw]).as_row() for draw in draws.tolist()]
    assert last.tolist() == draws[:, -1].tolist()


@settings(max_examples=60, deadline=None)
@given(data=statistics_and_draws(), n_samples=st.integers(1, 80), seed=st.integers(0, 2**32 - 1),
       drawn_per_block=st.sampled_from([1, resampling._DRAWN_PER_BLOCK]))
def test_randomization_sums_are_the_readable_sums_of_the_swapped_sentences(data, n_samples, seed, drawn_per_block):
    baseline, _ = data
    n = len(baseline)
    system = list(reversed(baseline))  # another system on the same test set
    # sacrebleu's --paired-ar coins: keep[t, i] True leaves sentence i's outputs where they are.
    keep = np.random.default_rng(seed).integers(2, size=(n_samples, n), dtype=bool).tolist()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(resampling, "_DRAWN_PER_BLOCK", drawn_per_block)  # 1: blocks of 32 trials
        first, second = randomization_sums(matrix_of(baseline), matrix_of(system), n_samples, seed)
    assert first.tolist() == [sum_statistics([baseline[i] if k[i] else system[i] for i in range(n)]).as_row()
                              for k in keep]
    assert second.tolist() == [sum_statistics([system[i] if k[i] else baseline[i] for i in range(n)]).as_row()
                               for k in keep]


@settings(max_examples=60, deadline=None)
@given(data=statistics_and_draws(), chosen=st.lists(st.lists(st.booleans(), min_size=8, max_size=8), min_size=1,
                                                    max_size=5))
def test_product_in_blocks_sums_the_chosen_sentences(data, chosen):
    statistics, _ = data
    chosen = [row[: len(statistics)] for row in chosen]
    width = len(statistics[0].as_row())
    expected = [sum_statistics([s for s, take in zip(statistics, row) if take]).as_row() if any(row) else [0] * width
                for row in chosen]
    assert product_in_blocks(np.array(chosen, dtype=bool), matrix_of(statistics)).tolist() == expected


# ----------------------------------------------------------------------------- the engine's promises

FAST_MODULES = sorted(p for p in (PACKAGE / "fast").glob("*.py") if p.name != "__init__.py")
NAMED = re.compile(r":func:`~?([\w.]+)`")


def public_functions(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in tree.body if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")]


def resolve(dotted: str):
    """The object a dotted name names: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            target = getattr(target, attribute)
        return target
    raise ImportError(dotted)


@pytest.mark.parametrize("path", FAST_MODULES, ids=lambda p: p.name)
def test_every_fast_function_names_the_readable_function_it_equals(path):
    # fast/__init__.py holds the one threshold, FAST_FROM (it computes nothing to be equal to).
    functions = public_functions(path)
    assert functions, f"{path.name} has no public function"
    for function in functions:
        docstring = ast.get_docstring(function) or ""
        readable = [name for name in NAMED.findall(docstring)
                    if name.startswith("bleu_lab.") and not name.startswith("bleu_lab.fast")]
        assert readable, f"{path.name}: {function.name}'s docstring names no readable bleu_lab function (:func:`...`)"
        for name in readable:
            assert callable(resolve(name)), f"{path.name}: {function.name} names {name}, which is not a function"


def module_level_imports(tree):
    """Every import that runs when the module is imported (function bodies excluded, class bodies not)."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
        stack.extend(ast.iter_child_nodes(node))


def test_only_the_engine_imports_numpy_at_module_level():
    allowed = {PACKAGE / "counting.py"}  # the shim that forwards to fast/counting.py
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in allowed or (PACKAGE / "fast") in path.parents:
            continue
        names = module_level_imports(ast.parse(path.read_text(encoding="utf-8")))
        offenders += [f"{path.relative_to(PACKAGE)}: import {name}" for name in names
                      if name == "numpy" or name.startswith("numpy.")]
    assert offenders == []


def test_the_numpy_import_check_sees_imports_in_class_bodies_and_branches_but_not_in_functions():
    source = ("import os\nif True:\n    import numpy\nclass A:\n    from numpy import array\n"
              "def f():\n    import numpy.linalg\n")
    assert sorted(module_level_imports(ast.parse(source))) == ["numpy", "numpy", "os"]
