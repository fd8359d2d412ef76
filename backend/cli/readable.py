"""``info`` and ``status`` as a person reads them: field names and statuses in words,
in the CLI's language. ``--json`` keeps the keys and codes (for programs); only
the text lines go through the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from backend.export.words import status_words
from backend.i18n import N_, _, list_join
from backend.models import ReviewStatus

# ``info``'s JSON keys, as a person names them (in ``--json``'s order).
INFO_LABELS = {
    "path": N_("file"),
    "pages": N_("pages"),
    "sha256": N_("SHA-256"),
    "first_page_size_pt": N_("first page size"),
    "encrypted": N_("encrypted"),
    "needed_password": N_("needed a password"),
    "repaired": N_("repaired"),
    "title": N_("title"),
}


def _value(key: str, value: Any) -> str:
    if isinstance(value, bool):
        # Capitalised: the legal table already holds "no" (the meaning of 無).
        return _("Yes") if value else _("No")
    if value is None or value == "":
        return "—"
    if key == "first_page_size_pt":
        width, height = value
        return _("{width} × {height} pt").format(width=width, height=height)
    return str(value)


def info_lines(data: Mapping[str, Any]) -> list[str]:
    """One ``label: value`` line per field, then one line per notice."""
    lines = [
        _("{label}: {value}").format(label=_(label), value=_value(key, data[key]))
        for key, label in INFO_LABELS.items()
        if key in data
    ]
    lines += [_("notice: {notice}").format(notice=n) for n in data.get("notices", ())]
    return lines


def status_lines(statuses: list[ReviewStatus], summary: Mapping[ReviewStatus, int]) -> list[str]:
    """``page N: <status in words>`` per page, then the counts per status."""
    lines = [
        _("page {page}: {status}").format(page=page, status=status_words(status))
        for page, status in enumerate(statuses, start=1)
    ]
    counts = list_join(
        _("{status} {count}").format(status=status_words(k), count=v) for k, v in summary.items()
    )
    lines.append(_("summary: {counts}").format(counts=counts))
    return lines
