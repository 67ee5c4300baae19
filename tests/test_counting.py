"""The counting engine's token ids and blocks, against sacrebleu's per-sentence statistics.

Counting splits whitespace-separated lines itself, on their UTF-8 bytes, a block of sentences at a time
(``bleu_lab.counting``). These tests give it what could break that: Python's other whitespace (the
no-break space, U+2003, the information separators \\x1c-\\x1f, U+0085), tokens longer than the 8-byte
words it compares at once (equal up to their last byte), characters of two to four bytes, the
separator it joins texts with (\\x00), lone surrogates, and blocks of one sentence. The expected rows
come from sacrebleu, which splits each line with ``str.split()``.
"""

import logging

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU

from bleu_lab.fast import counting
from bleu_lab.fast.counting import _dictionary_token_ids, _token_ids, corpus_statistics_matrix

logging.getLogger("sacrebleu").setLevel(logging.ERROR)


@pytest.fixture(params=["numpy", "dictionaries"])
def numbering(request, monkeypatch):
    """Both ways of numbering: tokens from the joined bytes and keys grouped by hashing even for a few
    texts ("numpy"; by default only from 4,000 characters and 256 keys), or dictionaries throughout."""
    numpy_always = request.param == "numpy"
    monkeypatch.setattr(counting, "_JOINED_FROM", 0 if numpy_always else 10**12)
    monkeypatch.setattr(counting, "_GROUPED_IN_PYTHON", 0 if numpy_always else 10**12)
    return request.param


def sacrebleu_rows(candidates, references, max_order=4):
    """sacrebleu's per-sentence statistics [c, r, matches..., totals...] with tokenize='none'."""
    streams = [[refs[k] if k < len(refs) else None for refs in references] for k in range(max(map(len, references)))]
    metric = BLEU(tokenize="none", max_ngram_order=max_order)
    return [list(row) for row in metric._extract_corpus_statistics(candidates, streams)]


LONG = "x" * 63
WORDS = ["a", "b", "é", "中", "😀", "the", "cat", "12345678", "123456789", "1234567890abcdef", "1234567890abcdeg",
         LONG + "a", LONG + "b", LONG + "ab", LONG + "ac", "Übergröße", "\ud800", "a\x00b"]
SPACES = [" ", "  ", "\t", "\n", "\xa0", "\u2003", "\x1c", "\x1f", "\x85", "\u3000", " \xa0 "]
line = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(SPACES)), max_size=8).map(
    lambda pairs: "".join(word + space for word, space in pairs)
)


@pytest.mark.parametrize("block", [1, 40, 100_000])
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(corpus=st.lists(st.tuples(line, st.lists(line, min_size=1, max_size=3)), min_size=1, max_size=6),
       max_order=st.integers(1, 5))
def test_lines_are_split_as_str_split_splits_them(monkeypatch, numbering, block, corpus, max_order):
    # block=1: every sentence is a block of its own; 40 characters: a few sentences each. (The same
    # settings for every example, so the fixtures need not be reset between them.)
    monkeypatch.setattr(counting, "_CHARACTERS_PER_BLOCK", block)
    candidates = [c for c, _ in corpus]
    references = [r for _, r in corpus]
    expected = sacrebleu_rows(candidates, references, max_order)
    assert corpus_statistics_matrix(candidates, references, max_order, lines=True).tolist() == expected


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(line, st.lists(st.sampled_from(WORDS + ["10\xa0000", "x\u2003y"]), max_size=6)),
                max_size=8))
def test_token_ids_equal_exactly_when_the_tokens_are_equal(numbering, texts):
    # Strings are lines to split; lists are tokens as given, where a no-break space stays inside a token.
    tokens = [t.split() if isinstance(t, str) else t for t in texts]
    ids, lengths = _token_ids(texts, lines=True)
    assert lengths.tolist() == [len(t) for t in tokens]
    flat = [token for text in tokens for token in text]
    for i in range(len(flat)):
        for j in range(len(flat)):
            assert (ids[i] == ids[j]) == (flat[i] == flat[j]), (flat[i], flat[j])


def test_a_given_token_keeps_its_no_break_space(numbering):
    # "10 000" (French, with a no-break space) as one given token; a line would be split there.
    row = corpus_statistics_matrix([("10\xa0000", "€")], [[("10\xa0000", "€")]], 2, lines=True).tolist()
    assert row == [[2, 2, 2, 1, 2, 1]]  # c = r = 2; both unigrams and the bigram match
    row = corpus_statistics_matrix(["10\xa0000 €"], [["10 000 €"]], 2, lines=True).tolist()
    assert row == sacrebleu_rows(["10\xa0000 €"], [["10 000 €"]], 2) == [[3, 3, 3, 2, 3, 2]]


def test_tokens_that_cannot_be_joined_are_numbered_one_by_one(numbering):
    # A given token with a space or an empty token would change the count if joined: counted as given.
    ids, lengths = _token_ids([("a b", "", "a b"), ("", "c")], lines=True)
    assert lengths.tolist() == [3, 2]
    assert ids[0] == ids[2] and ids[1] == ids[3] and len(set(ids.tolist())) == 3
    # Where the count alone would not tell: "a b" and "" give two words as two tokens would, " a" one word.
    ids, lengths = _token_ids([("a b", ""), ("a", "b"), (" a",), ("a",)], lines=True)
    assert lengths.tolist() == [2, 2, 1, 1]
    # "a b", "", "a", "b", " a" and "a" again: five different tokens, the two "a" equal, " a" not "a"
    assert len(set(ids.tolist())) == 5 and ids[2] == ids[5] != ids[4]
    # Strings as sequences of characters (chrF's), not lines.
    ids, lengths = _token_ids(["abca", "b"], lines=False)
    assert lengths.tolist() == [4, 1] and ids.tolist() == _dictionary_token_ids(["abca", "b"], False)[0].tolist()


def test_tokens_differing_only_in_their_last_byte_are_different(numbering):
    # The bytes are compared 8 at a time up to 64, then whole: a difference in the 8th, 9th, 64th, 65th
    # or 100th byte must count.
    for size in (8, 9, 16, 17, 64, 65, 100):
        first, second = "y" * (size - 1) + "a", "y" * (size - 1) + "b"
        ids, _ = _token_ids([f"{first} {second} {first}"], lines=True)
        assert ids[0] == ids[2] != ids[1], size


def test_a_long_sentence_is_a_block_of_its_own(monkeypatch, numbering):
    monkeypatch.setattr(counting, "_CHARACTERS_PER_BLOCK", 10)
    candidates = ["the cat sat on the mat " * 50, "a b", "the cat"]
    references = [["the cat is on the mat " * 40], ["a b c"], ["a cat"]]
    assert corpus_statistics_matrix(candidates, references, 4, lines=True).tolist() == sacrebleu_rows(
        candidates, references
    )


def test_empty_texts_and_an_empty_corpus(numbering):
    assert corpus_statistics_matrix(["", "a"], [["", " "], ["a"]], 2, lines=True).tolist() == [
        [0, 0, 0, 0, 0, 0], [1, 1, 1, 0, 1, 0]]
    assert corpus_statistics_matrix([], [], 4, lines=True).shape == (0, 10)
    assert np.array_equal(_token_ids([], lines=True)[1], np.zeros(0))


def test_a_line_of_a_str_subclass_is_a_line(numbering):
    # numpy's str_ (a line read with numpy) and any subclass of str are lines, not token sequences of
    # characters: the same rows as the plain strings.
    class Line(str):
        pass

    candidates, references = ["the cat sat on the mat", "a dog"], [["the cat is on the mat"], ["a dog barks"]]
    expected = sacrebleu_rows(candidates, references)
    for kind in (np.str_, Line):
        lines = [kind(c) for c in candidates]
        nested = [[kind(r) for r in refs] for refs in references]
        assert corpus_statistics_matrix(lines, nested, 4, lines=True).tolist() == expected


def test_corpus_bleu_of_numpy_strings_is_that_of_the_strings():
    import bleu_lab

    lines = np.array(["the cat sat on the mat", "a dog"])  # elements are numpy str_
    references = [[np.str_("the cat is on the mat")], [np.str_("a dog barks")]]
    ours = bleu_lab.corpus_bleu(list(lines), references, tokenize="none")
    theirs = BLEU(tokenize="none").corpus_score(["the cat sat on the mat", "a dog"], [["the cat is on the mat",
                                                                                      "a dog barks"]])
    # the, cat, on, the, mat + a, dog; the cat, on the, the mat + a dog; on the mat
    assert ours.counts == theirs.counts == [7, 4, 1, 0]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(corpus=st.lists(st.tuples(line, line, st.lists(line, min_size=1, max_size=3)), min_size=1, max_size=6))
def test_several_systems_counted_together_as_each_alone(monkeypatch, numbering, corpus):
    # Two systems against references of 1-3 per sentence, in blocks of a few sentences: each system's rows
    # are sacrebleu's for that system alone.
    from bleu_lab.fast.counting import systems_statistics_matrices

    monkeypatch.setattr(counting, "_CHARACTERS_PER_BLOCK", 30)
    first, second = [a for a, _, _ in corpus], [b for _, b, _ in corpus]
    references = [refs for _, _, refs in corpus]
    ours = systems_statistics_matrices([first, second], references, 4, lines=True)
    assert [rows.tolist() for rows in ours] == [sacrebleu_rows(first, references), sacrebleu_rows(second, references)]
