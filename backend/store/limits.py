"""How much of a page note and of a version's provenance a review store keeps.

Both stores (SQLite here, the team's PostgreSQL) check at the same boundary,
so neither keeps what the other would refuse:

- A note is a reviewer's remark on a page ("the seal on the original is
  illegible"). ``MAX_NOTE_CHARS`` is two dense pages of legal text (a page is
  about 5,000 characters): a longer "note" is a transcript pasted into the wrong
  field. It is refused with ``NoteTooLongError`` before anything is written, so
  the note stays in its field for the reviewer to shorten; nothing is lost.
- Provenance says where a reading came from (server, model, prompt, tokens,
  warnings, line boxes, an import's extra keys): a few KB, and with the token
  logprobs the confidence aid reads, ~40 bytes per token: a page read with a
  generous 32,768-token budget keeps ~1.3 MB. ``MAX_PROVENANCE_BYTES`` is three
  times that, so only a server or a file sending megabytes of something else
  reaches it. That is not the reviewer's work, and the
  reading itself must not be lost over it, so the largest values are trimmed
  (each replaced by ``{"trimmed_bytes": N}``) and ``provenance_trimmed`` lists
  what was cut.
"""

from __future__ import annotations

import json
from typing import Any

from backend.errors import NoteTooLongError
from backend.i18n import _

MAX_NOTE_CHARS = 10_000
MAX_PROVENANCE_BYTES = 4 * 1024 * 1024
TRIMMED = "provenance_trimmed"  # {"keys": [...], "bytes": size before trimming}


def check_note(page: int, text: str) -> str:
    """``text``, or ``NoteTooLongError`` when it is longer than a note is kept."""
    if len(text) > MAX_NOTE_CHARS:
        raise NoteTooLongError(
            _(
                "The note on page {page} is {count:,} characters long; a note keeps at most "
                "{limit:,}, so it was not saved. Shorten it (it is still in the note field)."
            ).format(page=page + 1, count=len(text), limit=MAX_NOTE_CHARS),
            page=page,
            length=len(text),
            limit=MAX_NOTE_CHARS,
        )
    return text


def bounded_provenance(provenance: dict[str, Any]) -> dict[str, Any]:
    """``provenance`` itself when it fits; else with its largest values trimmed.

    Each entry's size is measured once and the total kept up to date as values are
    replaced (re-measuring the whole dict per key would take minutes for a dict of
    20,000 keys); the result is measured once more before it is returned.
    """
    total = _size(provenance)
    if total <= MAX_PROVENANCE_BYTES:
        return provenance
    sizes = {key: _size(value) for key, value in provenance.items()}
    kept, cut = dict(provenance), []
    # The marker entry: ``"provenance_trimmed": {"keys": [...], "bytes": N}``.
    estimate = total + _size({TRIMMED: {"keys": [], "bytes": total}})
    for key in sorted(sizes, key=lambda k: sizes[k], reverse=True):
        marker = {"trimmed_bytes": sizes[key]}
        kept[key] = marker
        cut.append(key)
        estimate += _size(marker) - sizes[key] + _size(key) + 2  # its name in "keys"
        if estimate <= MAX_PROVENANCE_BYTES:
            bounded = {**kept, TRIMMED: {"keys": cut, "bytes": total}}
            if _size(bounded) <= MAX_PROVENANCE_BYTES:
                return bounded
    # So many keys that even their names do not fit: only the marker is kept.
    return {TRIMMED: {"keys": [], "bytes": total}}


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
