"""The review report: one self-contained HTML page (no scripts, no outside files).

Every value from the document (title, reviewer names, notes) is escaped:
the report is opened in a browser, and a note such as ``<script>`` must
show as text. ``report_pdf`` lays the same HTML out as a PDF with MuPDF.
"""

from __future__ import annotations

import base64
import html
import io
import time
from collections import Counter
from collections.abc import Callable
from typing import BinaryIO

from backend.export.format_spec import FormatSpec
from backend.export.monitor import Monitor
from backend.export.open_critical import approved_open_items, open_items_notice
from backend.export.pages import ExportDocument, ExportPage
from backend.export.read_back import pdf_first_page
from backend.export.text import unapproved_notice
from backend.export.words import local_time, status_words
from backend.i18n import N_, _, list_join
from backend.review.diagnosis_names import diagnosis_name
from backend.review.percent import agreement_percent
from backend.safe_text import admit

STYLE = """
body { font-family: "Noto Sans CJK TC", "PMingLiU", sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #999; padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: #eee; }
.warning { color: #b00020; font-weight: bold; }
.approved { color: #1b5e20; }
code { font-family: monospace; }
"""
# When the report was made; a test sets its own clock (a preview and its file agree).
clock: Callable[[], float] = time.time
# MuPDF does not shrink a table to the page: small type keeps all nine columns on A4.
# Headings and table headers are set larger than the body: pdf_fonts makes them bold.
PDF_STYLE = (
    "body { font-size: 7pt; margin: 0; } th, td { padding: 1px 2px; }"
    " th, .warning { font-size: 7.5pt; }"
)
COLUMNS = (
    N_("Page"),
    N_("Status"),
    N_("Reviewer"),
    N_("Approved at"),
    N_("Agreement"),
    N_("Markers left"),
    N_("Critical flags open"),
    N_("Versions"),
    N_("Note"),
)


def _escape(text: str) -> str:
    """HTML-escaped and admitted (``safe_text.admit``): the PDF report is parsed as XHTML,
    which refuses controls and noncharacters; a browser would show them raw."""
    return html.escape(admit(text).text)


def render_report(
    doc: ExportDocument,
    monitor: Monitor | None = None,
    *,
    extra_style: str = "",
    chart_scale: float = 1.0,
) -> str:
    """``chart_scale``: the charts' pixels per CSS pixel (the PDF's are printed)."""
    e = _escape
    title = doc.title or doc.display_stem
    parts = [
        "<!DOCTYPE html>",
        '<html lang="zh-Hant"><head><meta charset="utf-8">',
        "<title>" + e(_("Review report — {title}").format(title=title)) + "</title>",
        f"<style>{STYLE}{extra_style}</style></head><body>",
        "<h1>" + e(_("Review report — {title}").format(title=title)) + "</h1>",
        _summary(doc),
        _problems(doc),
        _statistics(doc, chart_scale),
        "<h2>" + e(_("Pages")) + "</h2>",
        "<table><thead><tr>"
        + "".join(f"<th>{e(_(c))}</th>" for c in COLUMNS)
        + "</tr></thead><tbody>",
    ]
    for i, page in enumerate(doc.pages):
        if monitor is not None:
            monitor.step(i, len(doc.pages))
        parts.append(_row(page))
    parts += ["</tbody></table>", "</body></html>", ""]
    return "\n".join(parts)


def _summary(doc: ExportDocument) -> str:
    e = _escape
    counts = Counter(p.status.value for p in doc.pages)
    agreements = [p.agreement for p in doc.pages if p.agreement is not None]
    items = [
        (_("Document"), e(doc.display_name)),
        ("SHA-256", f"<code>{e(doc.sha256)}</code>"),
        (_("Pages in the document"), str(doc.page_count)),
        (_("Pages in this report"), str(len(doc.pages))),
        (_("Status"), e(list_join(f"{status_words(k)} {v}" for k, v in counts.items()) or "—")),
        (_("Markers left"), str(sum(p.markers_left for p in doc.pages))),
        (_("Critical flags open"), str(sum(len(p.critical_flags) for p in doc.pages))),
        (_("Whole-page problems"), str(sum(len(p.diagnoses) for p in doc.pages))),
        (
            _("Mean agreement"),
            agreement_percent(sum(agreements) / len(agreements) if agreements else None),
        ),
        (_("Made"), e(local_time(clock()))),
    ]
    rows = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in items)
    out = "<h2>" + e(_("Summary")) + f"</h2><table>{rows}</table>"
    if doc.contains_unapproved:
        out = f'<p class="warning">{e(unapproved_notice(doc))}</p>' + out
    open_items = approved_open_items(doc)
    if open_items:
        out = f'<p class="warning">{e(open_items_notice(open_items))}</p>' + out
    if doc.skipped:
        skipped = list_join(p + 1 for p in doc.skipped)
        left_out = _("Left out (not approved): pages {pages}.").format(pages=skipped)
        out += f"<p>{e(left_out)}</p>"
    return out


def _problems(doc: ExportDocument) -> str:
    """Each page's whole-page problems (a loop, a missing block: issue 22) by name, where
    (code points of the exported text, as the JSON's start and end) and what was found;
    nothing when no page has one."""
    e = _escape
    rows = [(page.page + 1, d) for page in doc.pages for d in page.diagnoses]
    if not rows:
        return ""
    head = (_("Page"), _("Problem"), _("Characters"), _("Found"))
    body = "".join(
        f'<tr><td>{number}</td><td class="warning">{e(diagnosis_name(d.kind))}</td>'
        f"<td>{d.start}–{d.end}</td><td>{e(d.detail)}</td></tr>"
        for number, d in rows
    )
    return (
        "<h2>"
        + e(_("Whole-page problems"))
        + "</h2><table><thead><tr>"
        + "".join(f"<th>{e(h)}</th>" for h in head)
        + f"</tr></thead><tbody>{body}</tbody></table>"
    )


def _statistics(doc: ExportDocument, scale: float) -> str:
    """The review statistics' progress in words and their charts (``backend.stats``, as
    the Statistics dialog shows them), each a PNG in the page itself: the report stays
    one file that opens anywhere, and nothing is fetched."""
    if doc.statistics is None:
        return ""
    from backend.stats.charts import WIDTH_IN, charts
    from backend.stats.tables import document_lines

    e = _escape
    out = ["<h2>" + e(_("Statistics")) + "</h2>"]
    out += [f"<p>{e(line)}</p>" for line in document_lines(doc.statistics)]
    width = round(WIDTH_IN * 96)  # CSS pixels: the chart at 100 %, whatever its scale
    for chart in charts(doc.statistics, scale=scale):
        data = base64.b64encode(chart.png).decode("ascii")
        out.append(
            f'<p><img class="chart" src="data:image/png;base64,{data}" alt="{e(chart.title)}"'
            f' style="width: {width}px; max-width: 100%"></p>'
        )
    return "".join(out)


def _row(page: ExportPage) -> str:
    e = _escape
    css = ' class="approved"' if page.approved else ' class="warning"'
    cells = [
        str(page.page + 1),
        f"<span{css}>{e(status_words(page.status))}</span>",
        e(page.reviewer or "—"),
        e(local_time(page.approved_at)) if page.approved_at is not None else "—",
        agreement_percent(page.agreement),
        str(page.markers_left),
        str(len(page.critical_flags)),
        str(len(page.versions)),
        e(page.note) or "—",
    ]
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def report_pdf(doc: ExportDocument, out: BinaryIO, monitor: Monitor) -> None:
    """The same report laid out on A4 pages by MuPDF's HTML engine."""
    import pymupdf  # only here: the HTML report needs no PDF library

    from backend.export.pdf_fonts import finish_report_pdf

    story = pymupdf.Story(render_report(doc, monitor, extra_style=PDF_STYLE, chart_scale=2.0))
    buffer = io.BytesIO()  # PyMuPDF's writer mishandles real file objects
    writer = pymupdf.DocumentWriter(buffer)
    page_rect = pymupdf.paper_rect("a4")
    content = pymupdf.Rect(36, 36, page_rect.width - 36, page_rect.height - 36)
    more = True
    while more:
        device = writer.begin_page(page_rect)
        more, _filled = story.place(content)
        story.draw(device)
        writer.end_page()
    writer.close()
    out.write(finish_report_pdf(buffer.getvalue()))  # headings bold, fonts subset


HTML_FORMAT = FormatSpec.of_text(
    render_report,
    name="report",
    label=N_("Review report (HTML)"),
    file_type=N_("HTML files"),
    suffix=".review-report.html",
    needs_aids=True,
    html_preview=True,
    needs_statistics=True,
)
PDF_FORMAT = FormatSpec(
    "report-pdf",
    N_("Review report (PDF)"),
    N_("PDF files"),
    ".review-report.pdf",
    lambda doc, out, monitor, _password: report_pdf(doc, out, monitor),
    pdf_first_page,
    needs_aids=True,
    needs_statistics=True,
)
