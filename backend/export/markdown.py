"""Markdown: a heading per page; the transcripts' own Markdown (tables) kept as written."""

from __future__ import annotations

from backend.export.format_spec import FormatSpec
from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument
from backend.export.text import unapproved_notice
from backend.i18n import N_, _


def render_markdown(doc: ExportDocument, monitor: Monitor | None = None) -> str:
    title = doc.title or doc.display_stem
    lines = [f"# {_escape_heading(title)}", ""]
    if doc.contains_unapproved:
        lines += [
            _("> **Warning:** {unapproved_notice}").format(
                unapproved_notice=unapproved_notice(doc)
            ),
            "",
        ]
    for i, page in enumerate(doc.pages):
        if monitor is not None:
            monitor.step(i, len(doc.pages))
        status = "" if page.approved else f" ({page.status.value})"
        lines += [
            _("## Page {page}{status}").format(page=page.page + 1, status=status),
            "",
            page.text.strip("\n"),
            "",
        ]
    return "\n".join(lines)


def _escape_heading(text: str) -> str:
    """A title from PDF metadata stays one plain heading line."""
    return " ".join(text.split()).replace("#", "\\#") or "Document"


FORMAT = FormatSpec.of_text(
    render_markdown,
    name="md",
    label=N_("Markdown (.md)"),
    file_type=N_("Markdown files"),
    suffix=".proofread.md",
)
