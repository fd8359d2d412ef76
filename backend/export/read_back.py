"""The text a person sees in a written DOCX or PDF, read back from its bytes (the preview).

The export dialog previews a file by writing it into memory with the format's own
writer and showing the beginning of what is read back here, so whatever the
preview shows is in the file.
"""

from __future__ import annotations

import io
from typing import Any


def pdf_first_page(data: bytes) -> str:
    """The first page's text as a PDF reader extracts it (the invisible layer included)."""
    import pymupdf  # only here: the text formats need no PDF library

    with pymupdf.open(stream=data, filetype="pdf") as pdf:
        return str(pdf[0].get_text()) if pdf.page_count else ""


def docx_text(data: bytes) -> str:
    """The body in order: a line per paragraph, a table's rows as cells between " | "."""
    import docx
    from docx.table import Table

    document: Any = docx.Document(io.BytesIO(data))  # python-docx is only partly annotated
    lines: list[str] = []
    for block in document.iter_inner_content():
        if isinstance(block, Table):
            lines += [" | ".join(cell.text for cell in row.cells) for row in block.rows]
        else:
            lines.append(block.text)
    return "\n".join(lines)
