"""Two texts' differences as HTML a QTextBrowser shows: the history's and a re-run's view."""

from __future__ import annotations

import html

from backend.review.diffing import Op, char_diff
from backend.safe_text import placeholders


def diff_html(old: str, new: str) -> str:
    """Deleted text struck through in red, inserted text underlined in green."""
    out = []
    for part in char_diff(old, new):
        text = html.escape(placeholders(part.text))  # bidi overrides shown, never applied
        if part.op is not Op.EQUAL:
            text = text.replace("\n", "↵\n")  # a changed line break must be visible
        if part.op is Op.DELETE:
            out.append(
                f'<span style="background:#fdd;color:#b00;text-decoration:line-through">'
                f"{text}</span>"
            )
        elif part.op is Op.INSERT:
            out.append(
                f'<span style="background:#dfd;color:#060;text-decoration:underline">{text}</span>'
            )
        else:
            out.append(text)
    # pre-wrap: keep the transcript's spaces (full-width alignment) and line breaks.
    return '<div style="white-space:pre-wrap">' + "".join(out) + "</div>"
