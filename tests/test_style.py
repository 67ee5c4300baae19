"""bleu_lab.style is the one palette and the one place that writes inline styles and escapes HTML."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bleu_lab import style

PACKAGE = Path(style.__file__).resolve().parent
SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if p != PACKAGE / "style.py")


def _where(pattern: str) -> list[str]:
    found = []
    for path in SOURCES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(pattern, line):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    return found


def test_no_module_but_style_writes_an_inline_style():
    # An HTML attribute style="..." or style='...' (matplotlib's linestyle= and ipywidgets' style={...} are not).
    assert _where(r"\bstyle=['\"]") == []


def test_no_module_but_style_escapes_html():
    assert _where(r"\bescape\(|^\s*import html\b|^\s*from html import") == []


def test_no_module_but_style_names_a_colour():
    assert _where(r"#[0-9a-fA-F]{6}\b") == []


def test_the_grep_would_see_what_it_looks_for():
    # The three patterns above match the lines they were written against (before this change).
    assert re.search(r"\bstyle=['\"]", "f\"<div style='margin:0'>\"")
    assert not re.search(r"\bstyle=['\"]", 'ax.plot(x, y, linestyle="--")')
    assert re.search(r"\bescape\(", "html.escape(title)")
    assert re.search(r"#[0-9a-fA-F]{6}\b", 'SHADE_COLOUR = "#009e73"')


def test_style_imports_nothing_of_bleu_lab():
    tree = ast.parse((PACKAGE / "style.py").read_text(encoding="utf-8"))
    imported = [node.module or "." for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    assert sorted(set(imported)) == ["__future__", "html"]


def test_element_escapes_values_and_writes_css_as_style_in_the_order_given():
    assert style.element("td", "1", class_="bl-own", css="padding:0", title="a 'b' <c> & d") == (
        "<td class='bl-own' style='padding:0' title='a &#x27;b&#x27; &lt;c&gt; &amp; d'>1</td>")
    # Empty values are left out; the n-gram marks keep their double quotes.
    assert style.element("p", "x", class_="", css="") == "<p>x</p>"
    assert style.opening("span", quote='"', class_="bl-mark", title='say "hi"') == (
        '<span class="bl-mark" title="say &quot;hi&quot;">')
    assert style.text("<b> & 'it'") == "&lt;b&gt; &amp; &#x27;it&#x27;"


def test_table_row_and_cell():
    rows = [style.row("a", style.cell("1", class_="n", css="text-align:right"))]
    assert style.table(rows, header=("name", "value")) == (
        "<table><tr><th style='padding:0 8px'>name</th><th style='padding:0 8px'>value</th></tr>"
        "<tr><td>a</td><td class='n' style='text-align:right'>1</td></tr></table>")


def test_message_box_and_lists_escape_their_text():
    box = style.message_box("No <score>")
    assert box.startswith("<div class='bl-message' style='border-left:4px solid") and "No &lt;score&gt;" in box
    assert style.bullet_list(["a < b"], numbered=True) == "<ol><li>a &lt; b</li></ol>"


@pytest.mark.parametrize("tint", [style.BLUE_TINT, style.ORANGE_TINT, style.GREEN_TINT, style.PURPLE_TINT,
                                  style.VERMILLION_TINT, style.YELLOW_TINT, *style.ORDER_TINTS])
def test_near_black_text_on_every_tint_keeps_4_5_to_1(tint):
    # WCAG 2 AA for text (1.4.3): the marks' backgrounds under text bleu_lab colours.
    assert style.contrast_ratio(style.STYLE["on_light"], tint) >= 4.5


def test_contrast_ratio_against_the_wcag_definition():
    # By hand: white L = 1, black L = 0: (1 + 0.05) / (0 + 0.05) = 21. #777777: channel 0x77/255 = 0.4667,
    # linear ((0.4667 + 0.055) / 1.055) ** 2.4 = 0.1845, so (1.05) / (0.2345) = 4.48 (just below AA).
    assert style.contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert style.contrast_ratio("#777777") == pytest.approx(4.48, abs=0.01)
    with pytest.raises(ValueError, match="colour must be written #rrggbb"):
        style.relative_luminance("red")
