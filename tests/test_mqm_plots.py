"""Pictures of MQM judgments (bleu_lab.show.judgment_plots): the marked spans come from the data, every figure
carries a text alternative with its numbers, misuse is a clear error.

Expected values: the error rows of segment 479 of TED en-de, read off mqm_ted_ende.tsv by hand
(metricsystem1: Major "In", Minor "a", Minor punctuation '"'); numbers passed in by the test.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from bleu_lab.datasets import MqmError, load_mqm_ted  # noqa: E402
from bleu_lab.learned_metric import fit_linear_metric  # noqa: E402
from bleu_lab.show import judgment_plots  # noqa: E402


@pytest.fixture(scope="module")
def ted():
    return load_mqm_ted("en-de")


def test_marked_segment_from_the_data(ted):
    marked = judgment_plots.marked_segment(ted, "metricsystem1", 479)
    text = str(marked)
    assert text.startswith('metricsystem1: [[In]] John Donnes ["]No man is [a] island"')
    assert "penalty = 5 + 1 + 0.1 = 6.1" in text
    page = marked._repr_html_()
    assert page.count("title='") == 3 and "title='Major'>In</span>" in page


def test_overlapping_spans_take_the_more_severe_mark():
    errors = (MqmError("S", 0, "Style/Awkward", "Minor", "a b c", 0, 5, 1.0),
              MqmError("S", 0, "Accuracy/Mistranslation", "Major", "b", 2, 3, 5.0))
    marked = judgment_plots.MarkedSegment("a b c d", errors, "S", 6.0)
    assert str(marked).splitlines()[0] == "S: [a ][[b]][ c] d"


def test_a_segment_without_errors(ted):
    segment = ted.segment_penalties["ref"].index(0.0)
    marked = judgment_plots.marked_segment(ted, "ref", segment)
    assert "[" not in str(marked).splitlines()[0] and "penalty = 0 = 0" in str(marked)


@pytest.mark.parametrize("system, segment, message", [("Google", 0, "no rated output 'Google'"),
                                                      ("Nemo", 529, "from 0 to 528"), ("Nemo", "1", "from 0 to 528")])
def test_marked_segment_misuse(ted, system, segment, message):
    with pytest.raises(ValueError, match=message):
        judgment_plots.marked_segment(ted, system, segment)


def test_correlation_bars_carry_their_numbers():
    ax = judgment_plots.plot_system_and_segment_correlation({"BLEU": 0.385, "chrF": 0.359},
                                                            {"BLEU": 0.064, "chrF": 0.075})
    alt = ax.figure.bleu_lab_alt_text
    assert "BLEU: 0.385 over systems, 0.064 over segments" in alt
    assert [t.get_text() for t in ax.get_yticklabels()] == ["BLEU", "chrF"]
    plt.close(ax.figure)
    with pytest.raises(TypeError, match="non-empty dict"):
        judgment_plots.plot_system_and_segment_correlation({}, {"BLEU": 0.1})


def test_rank_changes_name_the_highlighted_ranks():
    rankings = {"BLEU vs ref": ["A", "refB", "B"], "MQM": ["refB", "A", "B", "ref"], "BLEU vs refB": ["B", "A", "ref"]}
    ax = judgment_plots.plot_rank_changes(rankings, highlight=["refB", "ref"])
    alt = ax.figure.bleu_lab_alt_text
    assert "refB: 2 of 3 by BLEU vs ref, 1 of 4 by MQM, not ranked by BLEU vs refB" in alt
    assert "ref: not ranked by BLEU vs ref, 4 of 4 by MQM, 3 of 3 by BLEU vs refB" in alt
    plt.close(ax.figure)
    with pytest.raises(TypeError, match="at least two"):
        judgment_plots.plot_rank_changes({"MQM": ["A"]})


def test_feature_weights_largest_first():
    features = {"x": {"A": [0.0, 1.0, 2.0, 3.0]}, "z": {"A": [1.0, 0.0, 1.0, 0.0]}}
    # y = 3 x, so z weighs 0 and x weighs 3 sd(x) = 3 * sqrt(1.25) = 3.354 per standard deviation
    model = fit_linear_metric(features, {"A": [0.0, 3.0, 6.0, 9.0]}, [0, 1, 2, 3])
    ax = judgment_plots.plot_feature_weights(model)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["x", "z"]
    assert ax.figure.bleu_lab_alt_text.startswith("Horizontal bars of the learned weights, largest first: x +3.354")
    plt.close(ax.figure)
    with pytest.raises(TypeError, match="LinearMetric"):
        judgment_plots.plot_feature_weights({"x": 1})
