"""Telling the user that the file at a path now has different content: a new review
starts for it (the index of path -> content digest, in the data folder)."""

from __future__ import annotations

import json

from backend.documents.pdf import PdfDocument
from backend.i18n import _
from backend.settings import paths


def note_replaced_file(pdf: PdfDocument) -> list[str]:
    """Tell the user when the file at this path now has different content."""
    index_path = paths.documents_index_path()
    try:
        index: dict[str, str] = json.loads(index_path.read_text("utf-8"))
    except (OSError, ValueError):
        index = {}
    previous = index.get(pdf.info.path)
    index[pdf.info.path] = pdf.info.sha256
    try:
        paths.make_private_dir(index_path.parent)
        paths.write_private(index_path, json.dumps(index, ensure_ascii=False, indent=1))
    except OSError:
        pass  # the index only feeds a notice; never block opening for it
    if previous is not None and previous != pdf.info.sha256:
        return [
            _(
                "This file has changed since it was last reviewed (its content is "
                "different). A new review starts; the earlier one is kept for the old "
                "content."
            )
        ]
    return []
