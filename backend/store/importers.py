"""Reading transcripts made elsewhere (a batch VLM run, another tool) for import.

Two shapes are accepted:
- a JSONL file of objects ``{"page": N, "text": "..."}`` (N counted from 1;
  any other keys are kept as the version's provenance);
- a folder with one ``.txt`` or ``.md`` file per page whose name carries the
  page number (``page-0007.md``, ``7.txt``, ``scan_p7.txt``).

The files come from elsewhere, so everything in them is checked before a page
reaches the store: a number too long for ``int``, nesting too deep for the JSON
reader, a lone surrogate the database cannot encode, a name that is not UTF-8,
and a link in the folder that leads outside it (a folder from someone else
must not import ``~/.ssh/id_rsa`` as page 1). Each is an ``ImportError_``
naming the file and line, and nothing is imported.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from backend.errors import ImportError_
from backend.i18n import _
from backend.provenance import Provenance
from backend.safe_text import admit, printable
from backend.store import import_source

_PAGE_NUMBER = re.compile(r"(\d+)(?!.*\d)")  # the last number in the file name
_TEXT_SUFFIXES = {".txt", ".md"}
# Extra keys are kept as provenance; nothing real nests deeper than this, and the
# store and the exports write it back as JSON, which has a recursion limit.
MAX_DEPTH = 32
MAX_PAGE_DIGITS = 9  # page 999,999,999: beyond any document; longer is shown cut
_SURROGATE = re.compile("[\ud800-\udfff]")


class HasPage(Protocol):
    @property
    def page(self) -> int: ...  # 0-based


@dataclass(frozen=True)
class ImportedPage:
    page: int  # 0-based
    text: str
    provenance: Provenance = field(default_factory=Provenance)


def read_transcripts(source: str | Path, page_count: int) -> list[ImportedPage]:
    """Parse ``source`` (JSONL file or folder); raise ``ImportError_`` with a clear reason."""
    path = Path(source)
    shown = stored_name(str(path))  # the path as given: "“null” was not found" helped no one
    folder = import_source.is_folder(path, shown)
    pages = _read_folder(path) if folder else _read_jsonl(path)
    if not pages:
        raise import_source.nothing_found(path, shown, folder)
    check_pages(pages, page_count, path.name)
    return sorted(pages, key=lambda p: p.page)


def stored_name(name: str) -> str:
    """A file name as provenance keeps it: bytes that are not UTF-8 as ``\\xff`` escapes
    (the store cannot encode them raw), control characters escaped."""
    try:
        raw = os.fsencode(name)
    except UnicodeEncodeError:  # a surrogate no file system produced: escape it as it is
        return printable(name)
    return printable(raw.decode("utf-8", "backslashreplace"))


def _read_text(file: Path) -> str:
    try:
        return file.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportError_(_("“{name}” is not UTF-8 text.").format(name=file.name)) from exc
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise ImportError_(
            _("“{name}” cannot be read ({reason}).").format(name=file.name, reason=reason),
            detail=repr(exc),
        ) from exc


def _read_jsonl(path: Path) -> list[ImportedPage]:
    # split("\n"), not splitlines(): JSON strings may hold U+2028/U+0085 raw.
    lines = _read_text(path).split("\n")
    pages = []
    name = stored_name(path.name)
    for number, line in enumerate(lines, start=1):
        if line.strip():
            pages.append(_parse_line(line, number, path.name, name))
    return pages


def _parse_line(line: str, number: int, name: str, stored: str) -> ImportedPage:
    where = _("{name}, line {number}").format(name=name, number=number)
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ImportError_(
            _("{where} is not valid JSON ({msg}).").format(where=where, msg=exc.msg)
        ) from exc
    except RecursionError as exc:
        raise ImportError_(
            _("{where} is nested too deeply to be a transcript.").format(where=where)
        ) from exc
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise ImportError_(
            _("{where} holds a number too long to read.").format(where=where)
        ) from exc
    if not isinstance(obj, dict):
        raise ImportError_(
            _('{where}: expected an object like {{"page": 1, "text": "..."}}.').format(where=where)
        )
    page, text = obj.get("page"), obj.get("text")
    if isinstance(page, bool) or not isinstance(page, int):
        raise ImportError_(
            _('{where}: "page" must be a whole number counted from 1.').format(where=where)
        )
    if not isinstance(text, str):
        raise ImportError_(_('{where}: "text" must be a string.').format(where=where))
    extra = {k: v for k, v in obj.items() if k not in ("page", "text")}
    _check_values(extra, where)  # the text itself is admitted (``_page``), not refused
    provenance = {"source": stored, "line": number, **({"fields": extra} if extra else {})}
    return _page(page - 1, text, provenance)


def _page(page: int, text: str, provenance: dict[str, Any]) -> ImportedPage:
    """The boundary for imported text: what a transcript may not hold is replaced and
    counted (``safe_text.admit``), the count and its warning kept in the provenance."""
    admitted = admit(text)
    return ImportedPage(page, admitted.text, Provenance.of(**provenance, **admitted.provenance()))


def _check_values(obj: dict[str, Any], where: str) -> None:
    """Every key and value the store will keep: no lone surrogate (a ``\\ud800`` escape
    that is half a character), no NaN or infinity, no nesting past ``MAX_DEPTH``.

    Iterative, so the check itself cannot overflow the stack."""
    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ImportError_(
                _("{where} is nested more than {max_depth} levels deep.").format(
                    where=where, max_depth=MAX_DEPTH
                )
            )
        if isinstance(value, dict):
            stack.extend((key, depth) for key in value)
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str) and _SURROGATE.search(value):
            raise ImportError_(
                _(
                    "{where} holds a broken character (a lone surrogate such as \\ud800); fix "
                    "the escape in the file and import again."
                ).format(where=where)
            )
        elif isinstance(value, float) and not math.isfinite(value):
            raise ImportError_(
                _("{where} holds a number JSON cannot keep (NaN or infinity).").format(where=where)
            )


def _read_folder(folder: Path) -> list[ImportedPage]:
    return [_read_page_file(file) for file in import_source.folder_files(folder, _TEXT_SUFFIXES)]


def _read_page_file(file: Path) -> ImportedPage:
    return _page(page_index(file), _read_text(file), {"source": stored_name(file.name)})


def page_index(file: Path) -> int:
    """The 0-based page a file's name says (its last number, counted from 1)."""
    match = _PAGE_NUMBER.search(file.stem)
    if match is None:
        raise ImportError_(
            _("“{name}” has no page number in its name (e.g. page-0007.md).").format(name=file.name)
        )
    digits = match.group(1).lstrip("0") or "0"
    if len(digits) > MAX_PAGE_DIGITS:
        raise ImportError_(
            _("“{name}” names page {digits}…, beyond any document. Nothing was imported.").format(
                name=file.name, digits=digits[:MAX_PAGE_DIGITS]
            )
        )
    return int(digits) - 1


def check_pages(pages: Sequence[HasPage], page_count: int, name: str) -> None:
    """Every page in the document, and none twice; else an ``ImportError_``."""
    seen: set[int] = set()
    for p in pages:
        if not 0 <= p.page < page_count:
            raise ImportError_(
                _(
                    "“{name}” has text for page {shown_page}, but the document has "
                    "{page_count} page(s). Nothing was imported."
                ).format(name=name, shown_page=_shown_page(p.page + 1), page_count=page_count)
            )
        if p.page in seen:
            raise ImportError_(
                _("“{name}” has page {page} twice. Nothing was imported.").format(
                    name=name, page=p.page + 1
                )
            )
        seen.add(p.page)


def _shown_page(number: int) -> str:
    text = str(number)  # json.loads keeps ints under 4,300 digits: str() can take them
    return text if len(text) <= MAX_PAGE_DIGITS + 1 else f"{text[:MAX_PAGE_DIGITS]}…"
