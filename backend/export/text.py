"""Plain text: each page's final text, pages apart by a form feed or a heading line."""

from __future__ import annotations

from backend.export.format_spec import FormatOption, FormatSpec
from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument
from backend.i18n import N_, _, list_join


def unapproved_notice(doc: ExportDocument) -> str:
    numbers = list_join(p + 1 for p in doc.unapproved)
    return _("This export contains pages not yet approved: {numbers}.").format(numbers=numbers)


def render_text(doc: ExportDocument, monitor: Monitor | None = None) -> str:
    """The whole text file. A separator holding "{page}" is a line before each page."""
    separator = doc.options.separator
    heading = "{page}" in separator
    parts: list[str] = []
    for i, page in enumerate(doc.pages):
        if monitor is not None:
            monitor.step(i, len(doc.pages))
        body = page.text.rstrip("\n")
        # replace(), not format(): a separator is the user's text, any other braces stay.
        line = separator.replace("{page}", str(page.page + 1))
        parts.append(line + "\n" + body if heading else body)
    text = ("\n" if heading else separator).join(parts)
    if doc.contains_unapproved:
        # One line first, in the reader's language: whoever opens the file sees it
        # before any text (an English "[ProofDesk]" tag headed a Chinese export).
        text = unapproved_notice(doc) + "\n" + text
    return text + "\n"


FORMAT = FormatSpec.of_text(
    render_text,
    name="txt",
    label=N_("Plain text (.txt)"),
    file_type=N_("Text files"),
    suffix=".proofread.txt",
    options=frozenset({FormatOption.SEPARATOR}),
)
