"""Shared set-up for the export tests (no tests here): a reviewed sample document.

The sample's seven pages get the VLM-style transcripts as ``import``
versions; pages 1, 3 and 5 are approved, page 7 is flagged, page 2 has a
note meant to break HTML, and page 1 also has an OCR reading with full
provenance (so the audit trail has an engine, a prompt and tokens to carry).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest

from backend.engines.base import Reading
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.tables import find_tables
from tests.conftest import DATA

TRANSCRIPTS = DATA / "legal-sample.vlm-style.jsonl"
DIGITAL = DATA / "legal-sample.digital.pdf"
APPROVED = (0, 2, 4)
HOSTILE_NOTE = '<script>alert("x")</script> & 「引號」'


def transcripts() -> dict[int, str]:
    lines = TRANSCRIPTS.read_text("utf-8").splitlines()
    return {json.loads(line)["page"] - 1: json.loads(line)["text"] for line in lines if line}


def squeeze(text: str) -> str:
    """Whitespace-normalised: the text with every space, tab and line break removed."""
    return "".join(text.split())


def layer_text(text: str) -> str:
    """The transcript as a searchable PDF's text layer reads: each table's cells, in
    order, without the markup (the layer puts each cell's text at its cell)."""
    for table in reversed(find_tables(text)):
        cells = " ".join(cell.value for cell in table.cells)
        text = text[: table.start] + cells + text[table.end :]
    return text


def ocr_reading(text: str) -> Reading:
    return Reading(
        text=text,
        engine="vllm",
        model="Qwen3-VL-8B-Instruct",
        server="http://127.0.0.1:8000/v1",
        finish_reason="stop",
        prompt_tokens=1530,
        completion_tokens=412,
        prompt="請將此頁逐字轉錄為繁體中文。",
        params={"temperature": 0.0, "max_tokens": 4096},
    )


@pytest.fixture
def reviewed(sample_pdf: Path, tmp_path: Path) -> Iterator[DocumentSession]:
    session = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    session.import_transcripts(TRANSCRIPTS)
    reading = ocr_reading(transcripts()[0])
    session.add_reading(0, reading.text, reading.provenance())
    for page in APPROVED:
        session.set_status(page, ReviewStatus.APPROVED)
    session.set_status(6, ReviewStatus.FLAGGED)
    session.set_note(1, HOSTILE_NOTE)
    yield session
    session.close()


def digital_lines(page: int) -> tuple[str, list[dict[str, object]]]:
    """A reading of ``page`` with line boxes, as an alternate OCR engine stores it.

    Taken from the digital twin of the sample, whose text layer sits exactly
    where the scan shows the text.
    """
    with pymupdf.open(DIGITAL) as doc:
        pg = doc[page]
        width, height = pg.rect.width, pg.rect.height
        text, lines = "", []
        for block in pg.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                line_text = "".join(span["text"] for span in line["spans"])
                x0, y0, x1, y1 = line["bbox"]
                box = [x0 / width, y0 / height, x1 / width, y1 / height]
                start = len(text)
                text += line_text + "\n"
                lines.append(
                    {"text": line_text, "start": start, "end": start + len(line_text), "box": box}
                )
    return text, lines


def add_alternate(session: DocumentSession, page: int) -> list[dict[str, object]]:
    text, lines = digital_lines(page)
    session.store.add_version(
        page, VersionKind.ALTERNATE, text, {"engine": "textlayer", "lines": lines}
    )
    return lines
