"""Make docs/searchable-pdf.png: the sample exported as a searchable PDF, text selected.

    .venv/bin/python scripts/searchable_pdf_shot.py [OUT.png]

Imports the VLM-style transcripts into a throw-away store, reads page 1 with
RapidOCR for line boxes, exports a searchable PDF, then draws what a PDF
viewer's selection of three lines would cover (the invisible text's own
character boxes) over the unchanged scan, with the copied text printed below.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from backend.engines.offline import AltOcrRunner, store_alt_text  # noqa: E402
from backend.export import ExportFormat, export_document  # noqa: E402
from backend.session.document_session import DocumentSession  # noqa: E402

SAMPLE = ROOT / "resources" / "samples" / "legal-sample.pdf"
TRANSCRIPTS = ROOT / "tests" / "data" / "legal-sample.vlm-style.jsonl"


async def read_page_one() -> object:
    runner = AltOcrRunner()
    try:
        return await runner.run_page(SAMPLE, 0, "rapidocr")
    finally:
        runner.close()


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        session = DocumentSession.open(SAMPLE, store_path=Path(tmp) / "review.sqlite")
        try:
            session.import_transcripts(TRANSCRIPTS)
            store_alt_text(session.store, 0, asyncio.run(read_page_one()))  # type: ignore[arg-type]
            pdf_path = Path(tmp) / "searchable.pdf"
            export_document(session, ExportFormat.PDF, pdf_path)
        finally:
            session.close()
        doc = pymupdf.open(pdf_path)
        page = doc[0]
        words = page.get_text("words")
        lines = sorted({(w[5], w[6]) for w in words})[1:4]  # three lines below the title
        picked = [w for w in words if (w[5], w[6]) in lines]
        for w in picked:
            annot = page.add_highlight_annot(pymupdf.Rect(w[:4]))
            annot.set_colors(stroke=(0.2, 0.45, 1.0))
            annot.update(opacity=0.35)
        copied = "\n".join("".join(w[4] for w in picked if (w[5], w[6]) == line) for line in lines)
        clip = pymupdf.Rect(page.rect.x0, page.rect.y0, page.rect.x1, page.rect.height * 0.42)
        page.get_pixmap(dpi=110, clip=clip).save(out)
        print(f"wrote {out}\ncopied from the searchable PDF:\n{copied}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "searchable-pdf.png")
