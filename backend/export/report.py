"""The review report: one self-contained HTML page (no scripts, no outside files).

Every value from the document (title, reviewer names, notes) is escaped:
the report is opened in a browser, and a note such as ``<script>`` must
show as text. ``report_pdf`` lays the same HTML out as a PDF with MuPDF.
"""

from __future__ import annotations

import html
import io
import time
from collections import Counter
from typing import BinaryIO

from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument, ExportPage, iso_time
from backend.export.text import unapproved_notice

STYLE = """
body { font-family: "Noto Sans CJK TC", "PMingLiU", sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #999; padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: #eee; }
.warning { color: #b00020; font-weight: bold; }
.approved { color: #1b5e20; }
code { font-family: monospace; }
"""
# MuPDF does not shrink a table to the page: small type keeps all nine columns on A4.
PDF_STYLE = "body { font-size: 7pt; margin: 0; } th, td { padding: 1px 2px; }"
COLUMNS = (
    "Page",
    "Status",
    "Reviewer",
    "Approved at",
    "Agreement",
    "Markers left",
    "Critical flags open",
    "Versions",
    "Note",
)


def render_report(
    doc: ExportDocument, monitor: Monitor | None = None, *, extra_style: str = ""
) -> str:
    e = html.escape
    title = doc.title or doc.source.stem
    parts = [
        "<!DOCTYPE html>",
        '<html lang="zh-Hant"><head><meta charset="utf-8">',
        f"<title>Review report — {e(title)}</title>",
        f"<style>{STYLE}{extra_style}</style></head><body>",
        f"<h1>Review report — {e(title)}</h1>",
        _summary(doc),
        "<h2>Pages</h2>",
        "<table><thead><tr>" + "".join(f"<th>{c}</th>" for c in COLUMNS) + "</tr></thead><tbody>",
    ]
    for i, page in enumerate(doc.pages):
        if monitor is not None:
            monitor.step(i, len(doc.pages))
        parts.append(_row(page))
    parts += ["</tbody></table>", "</body></html>", ""]
    return "\n".join(parts)


def _summary(doc: ExportDocument) -> str:
    e = html.escape
    counts = Counter(p.status.value for p in doc.pages)
    agreements = [p.agreement for p in doc.pages if p.agreement is not None]
    items = [
        ("Document", e(doc.source.name)),
        ("SHA-256", f"<code>{e(doc.sha256)}</code>"),
        ("Pages in the document", str(doc.page_count)),
        ("Pages in this report", str(len(doc.pages))),
        ("Status", e(", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "—")),
        ("Markers left", str(sum(p.markers_left for p in doc.pages))),
        ("Critical flags open", str(sum(len(p.critical_flags) for p in doc.pages))),
        (
            "Mean agreement",
            f"{100 * sum(agreements) / len(agreements):.1f} %" if agreements else "—",
        ),
        ("Made", e(iso_time(time.time()))),
    ]
    rows = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in items)
    out = f"<h2>Summary</h2><table>{rows}</table>"
    if doc.contains_unapproved:
        out = f'<p class="warning">{e(unapproved_notice(doc))}</p>' + out
    if doc.skipped:
        skipped = ", ".join(str(p + 1) for p in doc.skipped)
        out += f"<p>Left out (not approved): pages {e(skipped)}.</p>"
    return out


def _row(page: ExportPage) -> str:
    e = html.escape
    css = ' class="approved"' if page.approved else ' class="warning"'
    cells = [
        str(page.page + 1),
        f"<span{css}>{e(page.status.value)}</span>",
        e(page.reviewer or "—"),
        e(iso_time(page.approved_at)) if page.approved_at is not None else "—",
        "—" if page.agreement is None else f"{100 * page.agreement:.1f} %",
        str(page.markers_left),
        str(len(page.critical_flags)),
        str(len(page.versions)),
        e(page.note) or "—",
    ]
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def report_pdf(doc: ExportDocument, out: BinaryIO, monitor: Monitor) -> None:
    """The same report laid out on A4 pages by MuPDF's HTML engine."""
    import pymupdf  # only here: the HTML report needs no PDF library

    story = pymupdf.Story(render_report(doc, monitor, extra_style=PDF_STYLE))
    buffer = io.BytesIO()  # PyMuPDF's writer mishandles real file objects
    writer = pymupdf.DocumentWriter(buffer)
    page_rect = pymupdf.paper_rect("a4")
    content = pymupdf.Rect(36, 36, page_rect.width - 36, page_rect.height - 36)
    more = True
    while more:
        device = writer.begin_page(page_rect)
        more, _ = story.place(content)
        story.draw(device)
        writer.end_page()
    writer.close()
    out.write(buffer.getvalue())
