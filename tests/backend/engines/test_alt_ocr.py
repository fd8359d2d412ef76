"""Alternate OCR (issue 4) without the slow engines: lines and boxes, Tesseract's TSV,
the PDF text layer, imported text, the store, the CLI and missing-engine messages.

RapidOCR and Tesseract themselves are read in test_alt_ocr_engines.py.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest

from backend.cli import alt as cli_alt
from backend.documents.pdf import open_pdf
from backend.engines import offline as alt_ocr
from backend.engines.offline import (
    AltOcrRunner,
    AltReading,
    engine_problem,
    latest_alternate,
    load_alt_text,
    read_imported,
    store_alt_text,
)
from backend.engines.offline import tesseract_engine as tess
from backend.engines.offline.base import RawLine, build_reading
from backend.engines.offline.textlayer import read_text_layer
from backend.errors import ImportError_
from backend.models import VersionKind
from backend.review.diffing import similarity
from backend.store.review_store import ReviewStore
from tests.conftest import DATA, SAMPLE_PDF

DIGITAL_PDF = DATA / "legal-sample.digital.pdf"
TRUTH = [
    p["text"] for p in json.loads((DATA / "legal-sample.truth.json").read_text("utf-8"))["pages"]
]


def agreement(truth: str, text: str) -> float:
    return similarity(re.sub(r"\s+", "", truth), re.sub(r"\s+", "", text))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ReviewStore]:
    s = ReviewStore(tmp_path / "review.sqlite", author="tester")
    yield s
    s.close()


# -- building a reading ----------------------------------------------------------------


def test_lines_are_joined_with_offsets_and_page_relative_boxes() -> None:
    raw = [
        RawLine("第一條", (100, 50, 400, 80), 0.98765),
        RawLine("  ", (0, 0, 1, 1), 0.5),  # nothing readable: dropped
        RawLine("本要點", (-10, 900, 1300, 1800), 1.2),  # outside the page: clamped
    ]
    r = build_reading(raw, engine="x", page=3, size=(1000, 2000), latency_s=1.23456)
    assert r.text == "第一條\n本要點"
    assert [r.text[line.start : line.end] for line in r.lines] == ["第一條", "本要點"]
    assert r.lines[0].box == (0.1, 0.025, 0.4, 0.04)
    assert r.lines[1].box == (0.0, 0.45, 1.0, 0.9)
    assert [line.score for line in r.lines] == [0.9877, 1.0]
    assert (r.page, r.latency_s) == (3, 1.235)


def test_tesseract_spaces_go_only_between_two_cjk_characters() -> None:
    assert tess.join_words(["第", "一", "條", "為", "規範", "，", "確保"]) == "第一條為規範，確保"
    assert tess.join_words(["新臺幣", "5,000", "元"]) == "新臺幣 5,000 元"
    assert tess.join_words(["see", "Article", "5", "法", "院"]) == "see Article 5 法院"


TSV = (
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
    "1\t1\t0\t0\t0\t0\t0\t0\t1000\t2000\t-1\t\n"
    "4\t1\t1\t1\t1\t0\t100\t200\t300\t40\t-1\t\n"
    "5\t1\t1\t1\t1\t1\t100\t200\t40\t40\t90\t第\n"
    "5\t1\t1\t1\t1\t2\t150\t200\t40\t40\t70\t一條\n"
    "4\t1\t1\t1\t2\t0\t100\t260\t200\t40\t-1\t\n"
    "5\t1\t1\t1\t2\t1\t100\t260\t40\t40\t-1\t \n"
    "4\t1\t1\t2\t1\t0\t100\t320\t500\t40\t-1\t\n"
    "5\t1\t1\t2\t1\t1\t100\t320\t100\t40\t50\tArticle\n"
    "5\t1\t1\t2\t1\t2\t210\t320\t20\t40\t60\t5\n"
)


def test_tesseract_tsv_becomes_one_line_per_text_line() -> None:
    lines = tess.parse_tsv(TSV)
    assert [line.text for line in lines] == ["第一條", "Article 5"]  # the empty line is dropped
    assert lines[0].box == (100, 200, 400, 240)
    assert lines[0].score == pytest.approx(0.8)
    assert lines[1].score == pytest.approx(0.55)


# -- the PDF's text layer ------------------------------------------------------------------


def test_text_layer_of_the_digital_pdf_matches_the_truth() -> None:
    doc = open_pdf(DIGITAL_PDF)
    try:
        readings = [read_text_layer(doc, page) for page in range(doc.page_count)]
    finally:
        doc.close()
    scores = [agreement(TRUTH[r.page], r.text) for r in readings]
    assert min(scores) >= 0.97, scores
    first = readings[0]
    assert first.engine == "textlayer" and not first.notice
    assert first.lines[0].text == "法院文書掃描辨識校對作業要點"
    # The title is at the top left of an A4 page, a fifth of a line high.
    x0, y0, x1, y1 = first.lines[0].box or (0, 0, 0, 0)
    assert 0.05 < x0 < 0.15 and 0.05 < y0 < y1 < 0.12 and 0.3 < x1 < 0.5
    for r in readings:
        for line in r.lines:
            assert line.box is not None and all(0 <= v <= 1 for v in line.box)


def test_a_scanned_page_has_no_text_layer_and_says_so() -> None:
    doc = open_pdf(SAMPLE_PDF)
    try:
        reading = read_text_layer(doc, 0)
    finally:
        doc.close()
    assert reading.text == "" and reading.lines == ()
    assert "Page 1 has no text layer" in reading.notice
    assert not reading.failed


def test_text_layer_boxes_follow_the_page_rotation(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=200, height=400)
    page.insert_text((10, 30), "hello")  # top left of the unrotated page
    page.set_rotation(90)  # shown turned clockwise: the text is now at the top right
    doc.save(tmp_path / "rotated.pdf")
    pdf = open_pdf(tmp_path / "rotated.pdf")
    try:
        (line,) = read_text_layer(pdf, 0).lines
    finally:
        pdf.close()
    x0, y0, x1, y1 = line.box or (0, 0, 0, 0)
    assert x0 > 0.85 and x1 <= 1.0 and y0 < 0.1 and y1 < 0.25


def test_the_runner_reads_the_text_layer_in_a_worker_with_progress() -> None:
    progress: list[tuple[int, int, int]] = []
    arrived: list[int] = []
    runner = AltOcrRunner()
    try:
        readings = asyncio.run(
            runner.run_pages(
                DIGITAL_PDF,
                [2, 0],
                "textlayer",
                lambda *a: progress.append(a),
                on_result=lambda r: arrived.append(r.page),
            )
        )
    finally:
        runner.close()
    assert [r.page for r in readings] == [2, 0]
    assert progress == [(1, 2, 2), (2, 2, 0)] and arrived == [2, 0]
    assert agreement(TRUTH[0], readings[1].text) >= 0.99


# -- imported text -------------------------------------------------------------------------


def test_a_plain_text_file_is_split_into_pages_at_form_feeds(tmp_path: Path) -> None:
    source = tmp_path / "pdftotext.txt"
    source.write_text("第一頁\n第二行\f\f第三頁\f", "utf-8")
    readings = read_imported(source, 7)
    assert [(r.page, r.text, r.engine) for r in readings] == [
        (0, "第一頁\n第二行", "import"),
        (2, "第三頁", "import"),
    ]
    assert all(line.box is None for line in readings[0].lines)


def test_jsonl_and_page_count_errors_come_from_the_importer(tmp_path: Path) -> None:
    jsonl = tmp_path / "pages.jsonl"
    jsonl.write_text('{"page": 2, "text": "甲\\n乙"}\n', "utf-8")
    assert [(r.page, r.text) for r in read_imported(jsonl, 7)] == [(1, "甲\n乙")]
    too_long = tmp_path / "long.txt"
    too_long.write_text("a\fb\fc", "utf-8")
    with pytest.raises(ImportError_, match="has 3 pages"):
        read_imported(too_long, 2)


# -- the store ---------------------------------------------------------------------------


def _reading(text: str = "第一條\n本要點", engine: str = "rapidocr") -> AltReading:
    raw = [
        RawLine(line, (10, 10 + 40 * i, 300, 40 + 40 * i), 0.9)
        for i, line in enumerate(text.split("\n"))
    ]
    return build_reading(
        raw,
        engine=engine,
        page=0,
        size=(1240, 1755),
        engine_version="3.10.0",
        render={"dpi": 150.0, "pixels": [1240, 1755], "clamped": False},
        latency_s=4.2,
    )


def test_a_stored_alternate_round_trips_and_never_becomes_the_transcript(
    store: ReviewStore,
) -> None:
    reading = _reading()
    vid, change = store_alt_text(store, 0, reading, {"requested_by": "test"})
    version = store.version(vid)
    assert version.kind is VersionKind.ALTERNATE and not change.text
    assert store.working_text(0) == ""
    assert version.provenance["engine"] == "rapidocr"
    assert version.provenance["engine_version"] == "3.10.0"
    assert version.provenance["render"]["dpi"] == 150.0
    assert version.provenance["latency_s"] == 4.2
    assert version.provenance["requested_by"] == "test"
    loaded = load_alt_text(version)
    assert loaded == AltReading(**{**reading.__dict__, "version_id": vid})
    assert loaded.render == reading.render


def test_latest_alternate_picks_the_newest_of_an_engine(store: ReviewStore) -> None:
    assert latest_alternate(store, 0) is None
    first, _ = store_alt_text(store, 0, _reading("甲", "rapidocr"))
    second, _ = store_alt_text(store, 0, _reading("乙", "tesseract"))
    store.add_version(0, VersionKind.OCR, "丙", {"engine": "vllm"})
    latest = latest_alternate(store, 0)
    assert latest is not None and (latest.version_id, latest.text) == (second, "乙")
    by_engine = latest_alternate(store, 0, engine="rapidocr")
    assert by_engine is not None and by_engine.version_id == first
    assert latest_alternate(store, 1) is None


def test_as_transcript_fills_an_empty_page_but_never_overwrites_an_edit(store: ReviewStore) -> None:
    vid, change = store_alt_text(store, 0, _reading("機器"), as_transcript=True)
    assert change.text and store.working_text(0) == "機器"
    assert store.version(vid).kind is VersionKind.OCR
    assert store.version(vid).provenance["engine"] == "rapidocr"
    store.add_version(1, VersionKind.EDIT, "人工校對")
    vid, change = store_alt_text(store, 1, _reading("機器"), as_transcript=True)
    assert store.working_text(1) == "人工校對" and not change.text
    assert "Kept your edit" in change.message
    store.save_draft(0, "打字中")
    store_alt_text(store, 0, _reading("再讀"), as_transcript=True)
    assert store.working_text(0) == "打字中"


# -- missing engines -------------------------------------------------------------------------


def test_missing_tesseract_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tess, "_checked", {})
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no tesseract on PATH
    problem = engine_problem("tesseract")
    assert problem is not None and "Tesseract is not installed" in problem
    assert "sudo apt-get install tesseract-ocr tesseract-ocr-chi-tra" in problem


def test_tesseract_without_chinese_says_which_package_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "tesseract"
    fake.write_text("#!/bin/sh\necho 'List of available languages (2):'\necho eng\necho osd\n")
    fake.chmod(0o755)
    monkeypatch.setattr(tess, "_checked", {})
    problem = engine_problem("tesseract", alt_ocr.AltOptions(tesseract_cmd=str(fake)))
    assert problem is not None and "“chi_tra”" in problem
    assert "sudo apt-get install tesseract-ocr-chi-tra" in problem


def test_rapidocr_is_found_without_being_imported() -> None:
    assert engine_problem("rapidocr") is None


# -- the command line ---------------------------------------------------------------------------


def _cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="proofdesk")
    sub = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("pdf", type=Path)
    common.add_argument("--password")
    common.add_argument("--store", type=Path)
    common.add_argument("--json", action="store_true")
    cli_alt.add_parser(sub, common)
    return cli_alt.run(parser.parse_args(argv))


def test_cli_stores_text_layer_readings_and_prints_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "s.sqlite"
    code = _cli(
        [
            "alt",
            str(DIGITAL_PDF),
            "--engine",
            "textlayer",
            "--pages",
            "1-2",
            "--store",
            str(db),
            "--json",
        ]
    )
    out = capsys.readouterr()
    assert code == 0
    summary = json.loads(out.out)
    assert summary["stored"] == 2 and summary["stored_as"] == "alternate"
    assert "2/2 pages" in out.err
    store = ReviewStore(db, author="t")
    try:
        latest = latest_alternate(store, 1, "textlayer")
        assert latest is not None and agreement(TRUTH[1], latest.text) >= 0.99
    finally:
        store.close()


def test_cli_reports_a_page_without_text_layer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = _cli(
        [
            "alt",
            str(SAMPLE_PDF),
            "--engine",
            "textlayer",
            "--pages",
            "1",
            "--store",
            str(tmp_path / "s"),
        ]
    )
    out = capsys.readouterr()
    assert code == 0
    assert "page 1: Page 1 has no text layer" in out.err
    assert "done: 0 page(s) stored" in out.out


def test_cli_with_tesseract_missing_exits_2_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tess, "_checked", {})
    monkeypatch.setenv("PATH", str(tmp_path))
    code = _cli(["alt", str(SAMPLE_PDF), "--engine", "tesseract", "--store", str(tmp_path / "s")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("proofdesk: Tesseract is not installed")


def test_package_exports_are_sorted_and_exist() -> None:
    assert alt_ocr.__all__ == sorted(alt_ocr.__all__)
    assert all(hasattr(alt_ocr, name) for name in alt_ocr.__all__)


def test_a_tesseract_that_cannot_start_fails_the_page_clearly(tmp_path: Path) -> None:
    fake = tmp_path / "tesseract"
    fake.write_bytes(b"\x7fELF not really a program")
    fake.chmod(0o755)  # found on the path, but the system cannot run it
    with pytest.raises(alt_ocr.AltOcrError, match="could not be started"):
        tess.read(b"P5 1 1 255 \x00", dpi=300, cmd=str(fake), langs="chi_tra", timeout_s=5)


def test_an_os_error_fails_its_page_and_the_batch_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    runner = AltOcrRunner()

    async def run_page(pdf: object, page: int, engine: object, password: object = None) -> None:
        if page == 1:
            raise PermissionError(13, "Permission denied")
        raise alt_ocr.AltOcrError("unreadable")

    monkeypatch.setattr(runner, "run_page", run_page)
    try:
        readings = asyncio.run(runner.run_pages(SAMPLE_PDF, [0, 1, 2], "tesseract"))
    finally:
        runner.close()
    assert [(r.page, r.failed) for r in readings] == [(0, True), (1, True), (2, True)]
    assert readings[1].notice == "Page 2 could not be read: Permission denied."
