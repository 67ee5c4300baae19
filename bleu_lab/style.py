"""The one palette of bleu_lab and the one place that writes HTML attributes and escapes text.

Every picture (matplotlib figures), HTML view (a result's ``_repr_html_``, the playground) and widget
takes its colours from here, and every piece of HTML that carries a ``style`` or needs escaping is built
with the small builders below (:func:`element`, :func:`text`, :func:`table`, :func:`token_mark`,
:func:`legend`, :func:`note`, :func:`message_box`). This module imports nothing of bleu_lab: results,
metrics, plots and widgets may all import it.

Colours are Okabe and Ito's colour-blind-safe palette (Okabe and Ito 2008, "Color Universal Design"),
the darker ones for lines and marks (WCAG 2 contrast of at least 3:1 against white, the level for
graphical marks, WCAG 2.1 success criterion 1.4.11), light tints of the same hues as backgrounds behind
near-black text (at least 4.5:1). Marks never rely on colour alone: each also has its own line style.

>>> element("span", text("a < b"), css="color:#0072b2", title="it's")
"<span style='color:#0072b2' title='it&#x27;s'>a &lt; b</span>"
>>> round(contrast_ratio(BLUE), 2)
5.19
"""

from __future__ import annotations

import html

# ---------------------------------------------------------------- the palette

# Okabe and Ito's eight colours, by name.
BLUE = "#0072b2"
VERMILLION = "#d55e00"
GREEN = "#009e73"
PURPLE = "#cc79a7"
SKY_BLUE = "#56b4e9"
ORANGE = "#e69f00"
YELLOW = "#f0e442"
BLACK = "#000000"
# Orange and yellow darkened until they reach 3:1 on white (lines), and green until text reaches 4.5:1.
DARK_ORANGE = "#8f6500"
DARK_YELLOW = "#7a5c00"
DARK_GREEN = "#006e50"
# Greys: lines and text that carry no series (matplotlib reads "0.4" as 40 % grey).
GREY = "#555555"
DARK_GREY = "#333333"
LIGHT_GREY = "#888888"
BORDER_GREY = "#cccccc"
REFERENCE_LINE_GREY = "0.4"
LABEL_GREY = "0.35"
AXIS_GREY = "0.3"
FAINT_GREY = "0.6"
NOTE_GREY = "0.25"
# Light tints of the same hues: backgrounds for marked words (near-black text on them: >= 4.5:1).
BLUE_TINT = "#c4e4f6"
ORANGE_TINT = "#f5d9a3"
GREEN_TINT = "#a8dccb"
PURPLE_TINT = "#ebc5db"
VERMILLION_TINT = "#f6c9a8"
YELLOW_TINT = "#fff3b0"

# Series in a figure, in order (lines, bars, histograms).
SERIES_COLOURS = (BLUE, ORANGE, GREEN, PURPLE, SKY_BLUE, VERMILLION, YELLOW, BLACK)
SHADE_COLOUR = GREEN  # a shaded region (the brevity penalty's)
MARK_COLOUR = VERMILLION  # a marked point
# One colour per n-gram order (blue, vermillion, bluish green, reddish purple, then black and a darkened
# orange), each at least 3:1 against white, with a line style of its own.
ORDER_COLOURS = (BLUE, VERMILLION, GREEN, PURPLE, BLACK, DARK_ORANGE)
# The same colours mixed with white (22 %): a background behind black text (contrast above 12:1).
ORDER_TINTS = ("#c7e0ee", "#f6dcc7", "#c7eae0", "#f4e2ec", "#c7c7c7", "#e6ddc7")
ORDER_LINES = ("solid", "dashed", "dotted", "double", "solid", "dashed")
# Everything else the HTML colours: text, messages, agreement marks (all >= 4.5:1 on white as text).
STYLE = {
    "muted": "#444444",  # secondary text
    "ok": "#007a5a",  # "same number" check marks (on ok_background)
    "warn": "#b34700",  # message border
    "warn_text": "#9a3d00",  # "differs" (on warn_background: 5.6:1)
    "message_background": "#fbe3d3",
    "warn_background": "#fbe3d3",
    "ok_background": "#e3f4ec",
    "on_light": "#1a1a1a",  # text on the light backgrounds above and on the order tints
    "underline_px": 4,
    "pass": "#1b5e20",  # a passed lab check (border and text on pass_background)
    "pass_background": "#e8f5e9",
    "fail": "#b71c1c",  # a failed lab check
    "fail_background": "#ffebee",
}

# ---------------------------------------------------------------- CSS

# Text with no background of its own sits on the notebook's page, white in JupyterLab's light theme and
# #111 in its dark one: its colour is the theme's own text colour (a CSS variable, >= 4.5:1 in both
# themes), with bleu_lab's colour where no theme defines it (the static site, nbconvert's HTML). Text on a
# background bleu_lab sets (marks, messages, badges) gets a colour of its own, whatever the theme.
TEXT_CSS = {
    "text": "var(--jp-content-font-color1, #222222)",
    "muted": f"var(--jp-content-font-color2, {STYLE['muted']})",
}
MUTED_CSS = TEXT_CSS["muted"]  # secondary text in any result's HTML view, readable in light and dark themes
# Small recurring pieces of inline CSS.
MUTED = f"color:{MUTED_CSS}"
CELL = "padding:2px 8px;text-align:left;vertical-align:top"
HEADER_CELL = "padding:0 8px"
PARAGRAPH = "margin:2px 0"
# The verdicts are small badges with a background of their own: their contrast holds in any theme.
OK_BADGE = f"color:{STYLE['ok']};background:{STYLE['ok_background']};padding:0 4px;border-radius:3px"
WARN_BADGE = f"color:{STYLE['warn_text']};background:{STYLE['warn_background']};padding:0 4px;border-radius:3px"
# How TER's edits, METEOR's alignment stages, ROUGE's matches and MQM's severities are marked.
SUBSTITUTION_MARK = f"background:{ORANGE_TINT};border-bottom:3px solid {ORANGE}"
DELETION_MARK = f"background:{PURPLE_TINT};text-decoration:line-through"
INSERTION_MARK = f"background:{BLUE_TINT};border-bottom:3px dotted {BLUE}"
SHIFT_MARK = f"background:{GREEN_TINT};border:2px solid {GREEN}"
EXACT_MARK = f"background:{BLUE_TINT};border-bottom:3px solid {BLUE}"
STEM_MARK = f"background:{ORANGE_TINT};border-bottom:3px dashed {ORANGE}"
SYNONYM_MARK = f"background:{GREEN_TINT};border-bottom:3px dotted {GREEN}"
MATCH_MARK = f"background:{ORANGE_TINT};text-decoration:underline;padding:0 2px;border-radius:3px"
MAJOR_MARK = f"background:{VERMILLION_TINT};border-bottom:3px solid {VERMILLION};"
MINOR_MARK = f"background:{YELLOW_TINT};border-bottom:2px dotted {DARK_YELLOW};"
NEUTRAL_MARK = "border-bottom:1px dashed #555;"

# One style sheet for every bleu_lab widget (scoped by class, so it changes nothing else on the page).
WIDGET_CSS = f"""
.bleu-lab-widget {{ max-width: 100%; box-sizing: border-box; }}
.bleu-lab-widget .bl-row {{ flex-wrap: wrap; gap: 4px 12px; max-width: 100%; }}
.bleu-lab-widget .widget-html-content, .bleu-lab-widget td, .bleu-lab-widget code {{ overflow-wrap: anywhere; }}
.bleu-lab-widget td.bl-label, .bleu-lab-widget th, .bleu-lab-widget .bl-nowrap {{
  white-space: nowrap; overflow-wrap: normal; }}
.bleu-lab-widget table {{ max-width: 100%; }}
.bleu-lab-widget .jupyter-widgets {{ max-width: calc(100% - 4px) !important; box-sizing: border-box; }}
.bleu-lab-widget .widget-html-content {{ min-width: 0; max-width: 100%; }}
.bleu-lab-widget .bl-scroll {{ max-width: 100%; overflow-x: auto; }}
.bleu-lab-widget img.widget-image {{ max-width: 100%; height: auto; object-fit: contain; }}
.bleu-lab-widget .bl-chart-image img {{ width: 100%; }}
.bleu-lab-widget .widget-text, .bleu-lab-widget .widget-dropdown {{ max-width: 100%; }}
.bleu-lab-widget .bl-intro {{ color: {TEXT_CSS['muted']}; line-height: 1.35; margin-bottom: 4px; }}
.bleu-lab-widget.bl-presenter, .bleu-lab-widget.bl-presenter .widget-html-content,
.bleu-lab-widget.bl-presenter .widget-label, .bleu-lab-widget.bl-presenter input,
.bleu-lab-widget.bl-presenter select, .bleu-lab-widget.bl-presenter button,
.bleu-lab-widget.bl-presenter .widget-readout, .bleu-lab-widget.bl-presenter .widget-checkbox * {{ font-size: 20px; }}
.bleu-lab-widget.bl-presenter .widget-html-content {{ line-height: 1.45; }}
.bleu-lab-widget.bl-presenter .bl-call, .bleu-lab-widget.bl-presenter code {{ font-size: 18px !important; }}
.bleu-lab-widget.bl-presenter input, .bleu-lab-widget.bl-presenter select,
.bleu-lab-widget.bl-presenter button {{ height: auto; min-height: 34px; }}
.bleu-lab-widget.bl-presenter .widget-inline-hbox > .widget-label {{ width: 7em !important; }}
.bleu-lab-widget.bl-presenter .widget-dropdown, .bleu-lab-widget.bl-presenter .widget-checkbox,
.bleu-lab-widget.bl-presenter .widget-toggle-button {{ width: auto !important; }}
.bleu-lab-widget.bl-presenter .widget-dropdown select {{ min-width: 6em; }}
.bleu-lab-widget.bl-presenter .widget-dropdown > .widget-label {{ width: auto !important; }}
.bleu-lab-widget.bl-presenter .widget-toggle-button {{ padding: 0 14px; }}
.bleu-lab-widget.bl-presenter input[type="checkbox"] {{ width: 20px; height: 20px; min-height: 0; }}
.bleu-lab-widget.bl-presenter h3 {{ font-size: 28px; }}
.bleu-lab-widget.bl-presenter .bl-chart-image {{ width: 780px !important; }}
"""


# ---------------------------------------------------------------- contrast (WCAG 2)


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a ``#rrggbb`` colour: 0.2126 R + 0.7152 G + 0.0722 B on linear sRGB."""
    value = colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"colour must be written #rrggbb, got {colour!r}")
    channels = []
    for i in (0, 2, 4):
        c = int(value[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: str, second: str = "#ffffff") -> float:
    """WCAG 2 contrast ratio (L_lighter + 0.05) / (L_darker + 0.05), from 1 to 21.

    >>> round(contrast_ratio("#000000"), 1), round(contrast_ratio("#ffffff"), 1)
    (21.0, 1.0)
    """
    a, b = relative_luminance(first), relative_luminance(second)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


# ---------------------------------------------------------------- HTML builders


def text(value) -> str:
    """Plain text made safe to put into HTML: ``&``, ``<``, ``>`` and both quotes escaped."""
    return html.escape(str(value), quote=True)


def attributes(*, quote: str = "'", **values) -> str:
    """`` name='value'`` for each attribute given, in order; empty or None values are left out.

    ``css`` is written ``style`` (so inline styles are written here only), a trailing underscore is
    dropped from a name (``class_`` for ``class``), and ``_`` inside one is written ``-`` (``data_n``
    for ``data-n``). ``quote`` is the quote mark around values (the n-gram marks have always used
    double quotes); both quote marks are escaped inside a value."""
    return "".join(
        f" {'style' if name == 'css' else name.rstrip('_').replace('_', '-')}={quote}{text(value)}{quote}"
        for name, value in values.items() if value is not None and value != ""
    )


def element(tag: str, content: str = "", *, quote: str = "'", **values) -> str:
    """``<tag attributes>content</tag>``; ``content`` is HTML already (wrap plain text in :func:`text`)."""
    return f"<{tag}{attributes(quote=quote, **values)}>{content}</{tag}>"


def opening(tag: str, *, quote: str = "'", **values) -> str:
    """``<tag attributes>`` alone, for an element whose content is added piece by piece."""
    return f"<{tag}{attributes(quote=quote, **values)}>"


def row(*cells: str, css: str = "", class_: str = "") -> str:
    """A table row of cells: each given as HTML is put in a ``<td>``; one made with :func:`cell` keeps its own."""
    return element("tr", "".join(c if c.startswith(("<td", "<th")) else element("td", c) for c in cells),
                   class_=class_, css=css)


def cell(content: str, *, css: str = "", class_: str = "", header: bool = False, **values) -> str:
    """One ``<td>`` (or ``<th>``) with its own style and class."""
    return element("th" if header else "td", content, class_=class_, css=css, **values)


def table(rows, *, header=(), header_css: str = HEADER_CELL, css: str = "", class_: str = "") -> str:
    """A table: a header row of headings (HTML; if any), then ``rows`` (``<tr>`` HTML each)."""
    heading = element("tr", "".join(element("th", h, css=header_css) for h in header)) if header else ""
    return element("table", heading + "".join(rows), class_=class_, css=css)


def span(content: str, css: str = "", **values) -> str:
    """A styled inline piece of HTML."""
    return element("span", content, css=css, **values)


def muted(content: str) -> str:
    """Secondary text (HTML) in the theme's muted colour."""
    return span(content, MUTED)


def token_mark(word: str, css: str, title: str = "", padding: str = "0 2px") -> str:
    """One word (plain text) marked with ``css``, with a tooltip saying why."""
    return span(text(word), f"{css};padding:{padding}" if padding else css, title=title)


def legend(items, *, padding: str = "0 3px") -> str:
    """A key: each ``(name, css)`` pair as a swatch styled exactly like the marks it explains."""
    return " ".join(span(text(name), f"{css};padding:{padding}") for name, css in items)


def paragraph(content: str, margin: str = "2px 0") -> str:
    """A paragraph of HTML with a small margin."""
    return element("p", content, css=f"margin:{margin}")


def note(plain: str) -> str:
    """A small, muted line of code type under a view (a result's signature, Post 2018)."""
    return element("p", element("code", text(plain)), css=f"margin:2px 0;color:{MUTED_CSS};font-size:0.85em")


def message_box(plain: str) -> str:
    """A visible box for a message in place of a score: a coloured border on a light background."""
    return element(
        "div", text(plain), class_="bl-message",
        css=(f"border-left:4px solid {STYLE['warn']};background:{STYLE['message_background']};"
             f"color:{STYLE['on_light']};padding:6px 10px;margin:4px 0;font-size:1.05em"),
    )


def bullet_list(items, *, css: str = "", class_: str = "", numbered: bool = False) -> str:
    """A list of plain-text items."""
    return element("ol" if numbered else "ul", "".join(element("li", text(item)) for item in items),
                   class_=class_, css=css)


def signature_html(signature: str) -> str:
    """The signature line under every result's HTML view: small, muted, in code type (Post 2018)."""
    return note(signature)


HTML_TOKEN_LIMIT = 500


def tokens_left_out_note(*token_lists) -> str:
    """"" when every text fits in :data:`HTML_TOKEN_LIMIT` tokens, else the note that says what was left out.

    >>> tokens_left_out_note(["a"] * 501, ["b"] * 3)
    'Only the first 500 tokens of each text are drawn (the longest has 501); the numbers count them all.'
    """
    longest = max((len(tokens) for tokens in token_lists), default=0)
    if longest <= HTML_TOKEN_LIMIT:
        return ""
    return (f"Only the first {HTML_TOKEN_LIMIT} tokens of each text are drawn (the longest has {longest:,}); "
            f"the numbers count them all.")


# ---------------------------------------------------------------- plain records (a result's to_dict)


def plain(value):
    """``value`` as JSON holds it: tuples and sets as lists, numpy numbers as Python ones, the rest as is."""
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return [plain(v) for v in items]
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):  # a numpy scalar
        return value.item()
    return value


def plain_record(result, names, name: str | None = None) -> dict:
    """A result's ``to_dict()``: ``{"name": name}`` (when given), then each attribute of ``names``, made
    :func:`plain`."""
    record = {} if name is None else {"name": name}
    record.update((field_name, plain(getattr(result, field_name))) for field_name in names)
    return record
