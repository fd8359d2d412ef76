"""Reading transcripts made elsewhere (a batch VLM run, another tool) for import.

Two shapes are accepted:
- a JSONL file of objects ``{"page": N, "text": "..."}`` (N counted from 1;
  any other keys are kept as the version's provenance);
- a folder with one ``.txt`` or ``.md`` file per page whose name carries the
  page number (``page-0007.md``, ``7.txt``, ``scan_p7.txt``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from backend.errors import ImportError_

_PAGE_NUMBER = re.compile(r"(\d+)(?!.*\d)")  # the last number in the file name
_TEXT_SUFFIXES = {".txt", ".md"}


@dataclass(frozen=True)
class ImportedPage:
    page: int  # 0-based
    text: str
    provenance: dict[str, Any] = field(default_factory=dict)


def read_transcripts(source: str | Path, page_count: int) -> list[ImportedPage]:
    """Parse ``source`` (JSONL file or folder); raise ``ImportError_`` with a clear reason."""
    path = Path(source)
    if path.is_dir():
        pages = _read_folder(path)
    elif path.is_file():
        pages = _read_jsonl(path)
    else:
        raise ImportError_(f"“{path.name}” was not found.")
    if not pages:
        raise ImportError_(f"No transcripts were found in “{path.name}”.")
    _check_pages(pages, page_count, path.name)
    return sorted(pages, key=lambda p: p.page)


def _read_jsonl(path: Path) -> list[ImportedPage]:
    try:
        # split("\n"), not splitlines(): JSON strings may hold U+2028/U+0085 raw.
        lines = path.read_text("utf-8-sig").split("\n")
    except UnicodeDecodeError as exc:
        raise ImportError_(f"“{path.name}” is not UTF-8 text.") from exc
    pages = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            pages.append(_parse_line(line, number, path.name))
    return pages


def _parse_line(line: str, number: int, name: str) -> ImportedPage:
    where = f"{name}, line {number}"
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ImportError_(f"{where} is not valid JSON ({exc.msg}).") from exc
    if not isinstance(obj, dict):
        raise ImportError_(f'{where}: expected an object like {{"page": 1, "text": "..."}}.')
    page, text = obj.get("page"), obj.get("text")
    if isinstance(page, bool) or not isinstance(page, int):
        raise ImportError_(f'{where}: "page" must be a whole number counted from 1.')
    if not isinstance(text, str):
        raise ImportError_(f'{where}: "text" must be a string.')
    extra = {k: v for k, v in obj.items() if k not in ("page", "text")}
    provenance = {"source": name, "line": number, **({"fields": extra} if extra else {})}
    return ImportedPage(page - 1, text, provenance)


def _read_folder(folder: Path) -> list[ImportedPage]:
    pages = []
    for file in sorted(folder.iterdir()):
        if file.suffix.lower() not in _TEXT_SUFFIXES or not file.is_file():
            continue
        match = _PAGE_NUMBER.search(file.stem)
        if match is None:
            raise ImportError_(f"“{file.name}” has no page number in its name (e.g. page-0007.md).")
        try:
            text = file.read_text("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ImportError_(f"“{file.name}” is not UTF-8 text.") from exc
        pages.append(ImportedPage(int(match.group(1)) - 1, text, {"source": file.name}))
    return pages


def _check_pages(pages: list[ImportedPage], page_count: int, name: str) -> None:
    seen: set[int] = set()
    for p in pages:
        if not 0 <= p.page < page_count:
            raise ImportError_(
                f"“{name}” has text for page {p.page + 1}, but the document has "
                f"{page_count} page(s). Nothing was imported."
            )
        if p.page in seen:
            raise ImportError_(f"“{name}” has page {p.page + 1} twice. Nothing was imported.")
        seen.add(p.page)
