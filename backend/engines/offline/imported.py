"""Transcripts made elsewhere as alternate readings (no boxes, no scores).

A JSONL file or a folder of page files is read by ``importers.read_transcripts``;
a single ``.txt``/``.md`` file holds the whole document with pages separated
by form feeds, as ``pdftotext`` writes them.
"""

from __future__ import annotations

from pathlib import Path

from backend.engines.offline.base import AltReading, RawLine, build_reading
from backend.errors import ImportError_
from backend.i18n import _
from backend.store.importers import read_transcripts, stored_name

IMPORT = "import"  # the engine its readings name: text made elsewhere (no page is read)
_PLAIN_SUFFIXES = (".txt", ".md")


def read_imported(source: str | Path, page_count: int) -> list[AltReading]:
    """One reading per page found in ``source``; raises ``ImportError_`` with a clear reason."""
    path = Path(source)
    if path.is_file() and path.suffix.lower() in _PLAIN_SUFFIXES:
        texts = _split_pages(path, page_count)
    else:
        texts = {item.page: item.text for item in read_transcripts(path, page_count)}
    return [
        build_reading(
            (RawLine(line, None, None) for line in text.splitlines()),
            engine=IMPORT,
            page=page,
            size=(1.0, 1.0),
            engine_version=stored_name(path.name),  # where the text came from (storable)
        )
        for page, text in sorted(texts.items())
    ]


def _split_pages(path: Path, page_count: int) -> dict[int, str]:
    try:
        text = path.read_text("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportError_(
            _("“{name}” is not UTF-8 text.").format(name=stored_name(path.name))
        ) from exc
    pages = text.split("\f")
    if pages and not pages[-1].strip() and len(pages) > 1:
        pages.pop()  # pdftotext ends the last page with a form feed too
    if len(pages) > page_count:
        raise ImportError_(
            _(
                "“{name}” has {pages_count} pages (separated by form feeds), but the "
                "document has {page_count}. Nothing was imported."
            ).format(name=stored_name(path.name), pages_count=len(pages), page_count=page_count)
        )
    return {i: page for i, page in enumerate(pages) if page.strip()}
