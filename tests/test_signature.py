"""Every result carries a signature in sacrebleu's format (Post 2018) plus bleu_lab's version.

The expected strings come from sacrebleu's own ``get_signature()`` (for BLEU and chrF), or are
written out by hand (ROUGE, which sacrebleu does not have).
"""

import re

import pytest
from sacrebleu.metrics import BLEU, CHRF

import bleu_lab
from bleu_lab import bleu_from_stats, chrf, corpus_bleu, corpus_chrf, rouge_l, rouge_lsum, rouge_n, sentence_bleu

OURS = "|bleu_lab:0.2.0"
CANDIDATES = ["the cat sat on the mat", "a dog barked loudly"]
REFERENCES = [["the cat is on the mat", "there is a cat on the mat"], ["the dog barked", "a dog barks"]]
STREAMS = [list(r) for r in zip(*REFERENCES)]


def sacrebleu_signature(metric, candidates=CANDIDATES, streams=STREAMS, **score_keywords):
    metric.corpus_score(candidates, streams, **score_keywords)
    return str(metric.get_signature())


@pytest.mark.parametrize("keywords, sacrebleu_keywords", [
    ({}, {}),
    ({"smoothing": "exp"}, {"smooth_method": "exp"}),
    ({"smoothing": "floor"}, {"smooth_method": "floor"}),
    ({"smoothing": "floor", "smooth_value": 0.5}, {"smooth_method": "floor", "smooth_value": 0.5}),
    ({"smoothing": "add-k", "smooth_value": 2}, {"smooth_method": "add-k", "smooth_value": 2}),
    ({"lowercase": True, "tokenize": "intl"}, {"lowercase": True, "tokenize": "intl"}),
    ({"effective_order": True, "tokenize": "char"}, {"effective_order": True, "tokenize": "char"}),
])
def test_bleu_signature_is_sacrebleus_plus_our_version(keywords, sacrebleu_keywords):
    # sacrebleu's default smoothing is "exp", bleu_lab's "none" (DESIGN.md).
    expected = sacrebleu_signature(BLEU(**{"smooth_method": "none", **sacrebleu_keywords})) + OURS
    assert corpus_bleu(CANDIDATES, REFERENCES, **keywords).signature == expected
    assert expected in str(corpus_bleu(CANDIDATES, REFERENCES, **keywords))


def test_the_design_example_is_what_a_default_score_carries():
    result = sentence_bleu("the cat sat", ["the cat sat down", "a cat sat"])
    assert result.signature == f"nrefs:2|case:mixed|eff:no|tok:13a|smooth:none|version:2.6.0{OURS}"


def test_different_numbers_of_references_are_var_as_in_sacrebleu():
    references = [["the cat is on the mat"], ["the dog barked", "a dog barks"]]
    streams = [["the cat is on the mat", "the dog barked"], [None, "a dog barks"]]
    expected = sacrebleu_signature(BLEU(smooth_method="none"), streams=streams) + OURS
    assert "nrefs:var" in expected
    assert corpus_bleu(CANDIDATES, references).signature == expected


def test_bootstrap_signature_has_samples_and_seed_as_in_sacrebleu():
    expected = sacrebleu_signature(BLEU(smooth_method="exp"), n_bootstrap=50) + OURS
    assert "bs:50|seed:12345" in expected
    assert bleu_lab.bootstrap_ci(CANDIDATES, REFERENCES, n_samples=50, smoothing="exp").signature == expected
    paired = bleu_lab.paired_bootstrap(CANDIDATES, CANDIDATES[::-1], REFERENCES, n_samples=50, smoothing="exp")
    assert paired.signature == expected
    assert expected in str(paired)


def test_randomization_signature_has_trials_and_seed_as_in_sacrebleu():
    """sacrebleu's PairedTest(test_type="ar") signs its test "nrefs:2|ar:60|seed:12345|..."."""
    from sacrebleu.significance import PairedTest

    system = CANDIDATES[::-1]
    signatures, _ = PairedTest([("baseline", CANDIDATES), ("system", system)], {"BLEU": BLEU(smooth_method="exp")},
                               STREAMS, test_type="ar", n_samples=60)()
    expected = str(signatures["BLEU"]) + OURS
    assert "|ar:60|seed:12345|" in expected
    result = bleu_lab.paired_approximate_randomization(CANDIDATES, system, REFERENCES, n_samples=60, smoothing="exp")
    assert result.signature == expected
    assert expected in str(result) and result.explain().endswith(f"signature: {expected}")


def test_resampling_keys_go_after_nrefs_or_first():
    from bleu_lab.signature import resampling_signature

    assert resampling_signature("nrefs:1|tok:13a", "bs", 5, 7) == "nrefs:1|bs:5|seed:7|tok:13a"  # sacrebleu's place
    assert resampling_signature("tok:13a", "ar", 5, 7) == "ar:5|seed:7|tok:13a"  # no nrefs: statistics only
    with pytest.raises(ValueError, match="test must be 'bs'"):
        resampling_signature("nrefs:1", "bootstrap", 5, 7)


def test_settings_sacrebleu_lacks_are_shown_only_when_they_differ_from_its_choice():
    # sacrebleu always scores BLEU-4 with uniform weights: other orders and weights get a key of their own.
    assert "|order:2|" in sentence_bleu("a b c", ["a b c"], max_order=2).signature
    assert "|weights:0.7,0.3|" in sentence_bleu("a b c", ["a b c"], weights=[0.7, 0.3]).signature
    assert "order" not in sentence_bleu("a b c", ["a b c"], weights=[0.25] * 4).signature
    # nltk's methods with their parameter, written as sacrebleu writes floor and add-k.
    assert "|smooth:method4[5.00]|" in sentence_bleu("a b c", ["a b c"], smoothing="method4").signature
    assert "|smooth:method3|" in sentence_bleu("a b c", ["a b c"], smoothing="method3").signature


def test_two_set_ups_never_print_the_same_line():
    settings = [{}, {"smoothing": "exp"}, {"lowercase": True}, {"tokenize": "intl"}, {"max_order": 3},
                {"smoothing": "method1"}, {"effective_order": True}]
    lines = {str(sentence_bleu("The cat sat.", ["the cat sat down."], **s)) for s in settings}
    assert len(lines) == len(settings)


def test_statistics_alone_know_no_tokenizer_case_or_references():
    signature = bleu_from_stats([5, 4, 3, 2], [6, 5, 4, 3], 6, 6).signature
    assert signature == f"eff:no|smooth:none|version:2.6.0{OURS}"


@pytest.mark.parametrize("keywords", [{}, {"word_order": 2}, {"lowercase": True, "whitespace": True},
                                      {"eps_smoothing": True, "char_order": 4}])
def test_chrf_signature_is_sacrebleus_plus_our_version(keywords):
    expected = sacrebleu_signature(CHRF(**keywords)) + OURS
    assert corpus_chrf(CANDIDATES, REFERENCES, **keywords).signature == expected
    assert chrf(CANDIDATES[0], REFERENCES[0], **keywords).signature == expected
    assert expected in str(chrf(CANDIDATES[0], REFERENCES[0], **keywords))


def test_chrf_beta_other_than_2_is_shown():
    # sacrebleu writes beta only in the name (chrF3); the signature says it too.
    assert "|beta:3|" in chrf("the cat", ["the cat sat"], beta=3).signature
    assert "beta" not in chrf("the cat", ["the cat sat"]).signature


def test_rouge_signature():
    assert rouge_n("the cat", ["the cat sat"]).signature == f"nrefs:1|variant:rouge1|tok:rouge-score|stem:no{OURS}"
    assert rouge_l("the cat", ["the cat sat", "a cat"], stem=True).signature == (
        f"nrefs:2|variant:rougeL|tok:rouge-score|stem:yes{OURS}")
    assert rouge_lsum("the cat", ["the cat"], tokenizer="unicode").signature == (
        f"nrefs:1|variant:rougeLsum|tok:unicode|stem:no{OURS}")


def test_rouge_signatures_tell_the_variants_apart():
    # The variant is part of the set-up (Post 2018's point): before it was in the signature,
    # ROUGE-1, ROUGE-2 and ROUGE-L of the same texts printed the same signature.
    pair = ("the cat sat on the mat", ["the cat is on the mat"])
    signatures = [rouge_n(*pair).signature, rouge_n(*pair, n=2).signature, rouge_l(*pair).signature,
                  rouge_lsum(*pair).signature]
    assert len(set(signatures)) == 4
    assert "|variant:rouge2|" in signatures[1]


def test_every_view_shows_the_signature():
    results = [sentence_bleu("the cat sat", ["the cat sat down"]), chrf("the cat", ["the cat sat"]),
               rouge_n("the cat", ["the cat sat"]), rouge_l("the cat", ["the cat sat"])]
    for result in results:
        assert result.signature in str(result)
        assert "\n" not in str(result)
        assert result.signature in result.explain()
        assert result.signature in result._repr_html_()


def test_version_is_the_packages():
    from importlib import metadata
    from pathlib import Path

    import tomllib

    pyproject = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    # The version lives in one place, bleu_lab/signature.py; the package metadata reads it from there.
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "bleu_lab.signature.__version__"}
    assert bleu_lab.__version__ == metadata.version("bleu_lab") == "0.2.0"
    assert re.fullmatch(r"\d+\.\d+\.\d+", bleu_lab.signature.sacrebleu_version())


def test_values_two_decimals_would_round_are_written_in_full():
    # sacrebleu writes floor[0.12] for 0.121 and 0.124 alike, though the two give different scores.
    low = sentence_bleu("the cat sat on the mat", ["the cat is on the mat"], smoothing="floor", smooth_value=0.121)
    high = sentence_bleu("the cat sat on the mat", ["the cat is on the mat"], smoothing="floor", smooth_value=0.124)
    assert low.score != high.score
    assert "|smooth:floor[0.121]|" in low.signature and "|smooth:floor[0.124]|" in high.signature
    # A value two decimals hold keeps sacrebleu's exact form.
    expected = sacrebleu_signature(BLEU(smooth_method="floor", smooth_value=0.12), ["a b"], [["a b"]]) + OURS
    assert sentence_bleu("a b", ["a b"], smoothing="floor", smooth_value=0.12).signature == expected
    # Weights in their shortest exact form: ':g' printed 1/3 and 0.3333331 both as 0.333333.
    third = sentence_bleu("a b c", ["a b c"], weights=[1 / 3, 1 / 3, 0.3333331]).signature
    assert "|weights:0.3333333333333333,0.3333333333333333,0.3333331|" in third
