"""The README's example output must be what the package prints today."""

import pathlib

import pytest

import bleu_lab

README = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")

# The seed lab's roles: the NASA sentence is the human reference, the shorter one machine output 1.
NASA_CANDIDATE = "The Opportunity rover is combating a big sandstorm on planet Mars."
NASA_REFERENCES = ["The NASA Opportunity rover is battling a massive dust storm on planet Mars."]


def test_readme_quick_start_is_the_two_commands():
    quick_start = README.split("## Quick start", 1)[1].split("##", 1)[0]
    assert "make lab" in quick_start and "make test" in quick_start


def test_readme_example_output_is_current():
    result = bleu_lab.sentence_bleu(NASA_CANDIDATE, NASA_REFERENCES)
    # sacrebleu prints 27.64 for this pair (see notebook 03); the README must show the same.
    import sacrebleu

    theirs = sacrebleu.sentence_bleu(NASA_CANDIDATE, NASA_REFERENCES).score
    assert f"{theirs:.2f}" == f"{100 * result.score:.2f}" == "27.64"
    assert ">>> print(result)\n" + str(result) + "\n" in README
    assert result.explain() in README


def test_readme_error_example_is_current():
    with pytest.raises(TypeError) as error:
        bleu_lab.sentence_bleu("the cat", "the cat sat")
    assert f"TypeError: {error.value}" in README
