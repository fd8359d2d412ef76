"""A transcript file that does not fit the document is named at import (issue 14):
fewer pages than the document, or text that hardly agrees with another reading."""

from __future__ import annotations

import json
from pathlib import Path

from backend.engines.offline import AltReading
from backend.engines.offline.storing import store_alt_text
from backend.session.document_session import DocumentSession
from tests.conftest import DATA

ROWS = [
    json.loads(line)
    for line in (DATA / "legal-sample.vlm-style.jsonl").read_text("utf-8").splitlines()
    if line.strip()
]


def write_jsonl(path: Path, rows: list[dict]) -> Path:  # type: ignore[type-arg]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


def digital_copy(tmp_path: Path) -> Path:
    target = tmp_path / "digital.pdf"
    target.write_bytes((DATA / "legal-sample.digital.pdf").read_bytes())
    return target


def test_the_right_transcripts_import_without_a_warning(tmp_path: Path) -> None:
    s = DocumentSession.open(digital_copy(tmp_path))
    change = s.import_transcripts(write_jsonl(tmp_path / "t.jsonl", ROWS))
    assert change.message == "Imported 7 page(s)."
    s.close()


def test_too_few_pages_are_named(tmp_path: Path) -> None:
    s = DocumentSession.open(digital_copy(tmp_path))
    change = s.import_transcripts(write_jsonl(tmp_path / "t.jsonl", ROWS[:3]))
    assert "transcripts for 3 of this document's 7 pages" in change.message
    assert "agrees only" not in change.message  # the three pages themselves fit
    s.close()


def test_another_documents_text_is_named_against_the_text_layer(tmp_path: Path) -> None:
    s = DocumentSession.open(digital_copy(tmp_path))
    shifted = [dict(r, text=ROWS[(i + 3) % 7]["text"]) for i, r in enumerate(ROWS)]
    change = s.import_transcripts(write_jsonl(tmp_path / "t.jsonl", shifted))
    assert "agrees only 0% with another reading" in change.message
    assert "page(s) compared" in change.message
    s.close()


def test_a_scan_is_checked_against_its_alternate_reading(sample_pdf: Path, tmp_path: Path) -> None:
    s = DocumentSession.open(sample_pdf)  # a scan: no text layer
    for row in ROWS[:2]:
        alt = AltReading(text=row["text"], engine="rapidocr", lines=())
        store_alt_text(s.store, row["page"] - 1, alt)
    wrong = [dict(ROWS[0], text=ROWS[4]["text"]), dict(ROWS[1], text=ROWS[5]["text"])]
    change = s.import_transcripts(write_jsonl(tmp_path / "t.jsonl", wrong + ROWS[2:]))
    assert "2 page(s) compared" in change.message and "agrees only" in change.message
    s.close()


def test_a_few_pages_imported_again_into_a_transcribed_review_are_not_a_misfit(
    tmp_path: Path,
) -> None:
    # Review fix: re-importing corrected pages 2 and 5 is a correct import; only pages
    # left with no transcript at all say the file may be another document's.
    s = DocumentSession.open(digital_copy(tmp_path))
    s.import_transcripts(write_jsonl(tmp_path / "all.jsonl", ROWS))
    change = s.import_transcripts(write_jsonl(tmp_path / "two.jsonl", [ROWS[1], ROWS[4]]))
    assert change.message == "Imported 2 page(s)."
    s.close()


def test_a_scan_with_only_a_printed_footer_in_its_text_layer_is_not_a_misfit(
    sample_pdf: Path, tmp_path: Path
) -> None:
    # Review fix: e-filed scans carry a short text layer (a court's footer, a
    # watermark) over the image; that footer is no reading of the page, and a
    # correct import was told it "agrees only 3%" with it.
    import pymupdf

    doc = pymupdf.open(sample_pdf)
    footers: list[str] = []
    for number in range(len(doc)):
        page = doc[number]
        footer = f"臺灣臺北地方法院電子卷證列印　第 {number + 1} 頁，共 {len(doc)} 頁　本件為影本"
        page.insert_text((40, page.rect.height - 20), footer, fontname="china-t", fontsize=8)
        footers.append(footer)
    stamped = tmp_path / "stamped.pdf"
    doc.save(stamped)
    doc.close()
    # A VLM reads the footer with the page (it is drawn on it), or leaves it out.
    read = [dict(r, text=r["text"] + "\n" + f) for r, f in zip(ROWS, footers, strict=True)]
    for name, rows in (("with", read), ("without", ROWS)):
        s = DocumentSession.open(stamped, store_path=tmp_path / f"{name}.sqlite3")
        change = s.import_transcripts(write_jsonl(tmp_path / f"{name}.jsonl", rows))
        assert change.message == "Imported 7 page(s).", (name, change.message)
        s.close()
