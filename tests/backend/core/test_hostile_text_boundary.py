"""Hostile text is decided at the boundary, once (issue 21, point 5).

A server answers page text holding NUL, vertical tab, form feed, U+001F, C1 controls,
a bidi override and the noncharacters U+FFFE/U+FFFF. The real CLI reads it (``ocr``)
and exports it (``export --format docx``): every such character is one visible
U+FFFD in the store and in the file, a warning says how many, the count is in the
version's provenance, and no export dies. A store written before the boundary
existed still exports, in every format.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import docx
import pytest

from backend.engines.offline.base import RawLine, build_reading
from backend.export import ExportFormat, ExportOptions, write_export
from backend.export.pages import ExportDocument, ExportPage
from backend.models import ReviewStatus, VersionKind
from backend.ocr.batch_files.results import read_results
from backend.safe_text import PLACEHOLDER, REPLACED_KEY, admit
from backend.session.document_session import DocumentSession
from tests.backend.cli.cli_helpers import run_cli
from tests.hostile import HostileServer
from tests.hostile import server as h

# What a hostile answer holds: 8 characters a transcript may not keep, between words.
HOSTILE = "第一條\x00甲\x0b乙\x0c丙\x1f丁\x85戊\x9b己\u202egnp.exe\ufffe庚\uffff辛"
# NEL (\x85) is a line end, not a loss: a line feed, not counted.
ADMITTED = "第一條�甲�乙�丙�丁\n戊�己�gnp.exe�庚�辛"
REPLACED = 8
WARNING = f"{REPLACED} control or invalid character(s) in the text were replaced by “�”"

# Every character no transcript may hold that a SQLite store can still hold (not a lone
# surrogate: the store cannot encode one), as a store from before the boundary has it.
EVERY_CONTROL = (
    "".join(chr(c) for c in range(0x20) if chr(c) not in "\t\n\r")
    + "\x7f"
    + "".join(chr(c) for c in range(0x80, 0xA0) if c != 0x85)
    + "\ufffe\uffff\U0010ffff\ufdd0\u202a\u2066"
)
# What no XML 1.0 parser takes (the reason DOCX died), tab, LF and CR aside.
XML_ILLEGAL = set(chr(c) for c in range(0x20) if chr(c) not in "\t\n\r") | {"\ufffe", "\uffff"}


def _stream(text: str) -> h.Behaviour:
    return h.sse(
        [
            h.chunk({"role": "assistant", "content": ""}),
            h.chunk({"content": text[:5]}),
            h.chunk({"content": text[5:]}, finish="stop"),
            h.DONE,
        ]
    )


def _whole(text: str) -> h.Behaviour:
    return h.whole({"role": "assistant", "content": text})


@pytest.fixture(params=["streamed", "whole"])
def hostile(request: pytest.FixtureRequest) -> Iterator[HostileServer]:
    answer = _stream(HOSTILE) if request.param == "streamed" else _whole(HOSTILE)
    with HostileServer(chat=answer) as server:
        yield server


def _docx_text(path: Path) -> str:
    document = docx.Document(str(path))  # python-docx parses it: the file opens
    return "\n".join(p.text for p in document.paragraphs)


def test_a_servers_hostile_page_is_admitted_counted_and_exported(
    hostile: HostileServer, sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "review.sqlite3"
    read = run_cli(
        "ocr", sample_pdf, "--server", hostile.base_url + "/v1", "--store", store, "--pages", "1"
    )
    assert read.returncode == 0, read.stderr
    assert WARNING in read.stderr  # the progress lines say it, as other page warnings
    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        [version] = [v for v in session.store.versions(0) if v.kind is VersionKind.OCR]
        assert version.text == ADMITTED
        assert version.provenance[REPLACED_KEY] == REPLACED
        assert any(WARNING in w for w in version.provenance["warnings"])
    finally:
        session.close()

    out = tmp_path / "out.docx"
    exported = run_cli("export", sample_pdf, "--store", store, "--format", "docx", "-o", out)
    assert exported.returncode == 0, exported.stderr
    text = _docx_text(out)
    assert "第一條�甲�乙�丙�丁" in text and "戊�己�gnp.exe�庚�辛" in text
    assert not set(text) & (XML_ILLEGAL | {"\u202e"})


def _old_store(pdf: Path, store: Path) -> None:
    """A page stored as it was before the boundary: written straight into the store."""
    session = DocumentSession.open(pdf, store_path=store)
    try:
        text = f"判決{EVERY_CONTROL}主文"
        session.store.add_version(0, VersionKind.OCR, text, {"engine": "vllm", "model": "m"})
    finally:
        session.close()


@pytest.mark.parametrize("fmt", [f.value for f in ExportFormat])
def test_every_format_exports_an_old_stores_controls_with_a_warning(
    fmt: str, sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "review.sqlite3"
    _old_store(sample_pdf, store)
    out = tmp_path / f"out{ExportFormat(fmt).suffix}"
    result = run_cli(
        "export", sample_pdf, "--store", store, "--format", fmt, "-o", out, "--pages", "1"
    )
    assert result.returncode == 0, result.stderr  # not 70, no "internal error"
    count = len(EVERY_CONTROL)
    assert f"page(s) 1: {count} control or invalid character(s)" in result.stderr.lower()
    assert out.stat().st_size > 0
    if fmt == "docx":
        text = _docx_text(out)
        assert f"判決{PLACEHOLDER * count}主文" in text
        assert not set(text) & XML_ILLEGAL


@pytest.mark.parametrize("fmt", list(ExportFormat))
def test_every_writer_takes_a_lone_surrogate_and_every_control(
    fmt: ExportFormat, sample_pdf: Path, tmp_path: Path
) -> None:
    """A document made without ``collect`` (no store can hold a lone surrogate): the
    writers still admit what they are given rather than die."""
    hostile = f"判決{EVERY_CONTROL}\ud800主文"
    page = ExportPage(
        page=0,
        text=hostile,
        status=ReviewStatus.APPROVED,
        reviewer=hostile,
        approved_at=0.0,
        note=hostile,
        versions=({"id": 1, "kind": "ocr", "current": True, "model": hostile},),
        markers_left=0,
        agreement=None,
        # A flag's words come from the alternate: the reviewer's round found JSONL died here.
        critical_flags=({"start": 0, "end": 2, "kind": "numeral", "detail": hostile},),
    )
    document = ExportDocument(
        source=sample_pdf,
        store=None,
        sha256="0" * 64,
        title=hostile,
        page_count=1,
        pages=(page,),
        options=ExportOptions(),
    )
    out = tmp_path / f"out{fmt.suffix}"
    result = write_export(document, fmt, out)
    assert result.replaced == ((0, len(EVERY_CONTROL) + 1),)
    if fmt is ExportFormat.DOCX:
        text = _docx_text(out)
        assert not set(text) & XML_ILLEGAL and "\ud800" not in text


def test_an_import_is_admitted_with_its_count_in_the_provenance(
    sample_pdf: Path, tmp_path: Path
) -> None:
    source = tmp_path / "pages.jsonl"
    source.write_text(json.dumps({"page": 1, "text": HOSTILE}) + "\n", "utf-8")
    store = tmp_path / "review.sqlite3"
    result = run_cli("import", sample_pdf, "--from", source, "--store", store)
    assert result.returncode == 0, result.stderr
    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        [version] = session.store.versions(0)
        assert version.text == ADMITTED
        assert version.provenance[REPLACED_KEY] == REPLACED
    finally:
        session.close()


def test_a_lone_surrogate_in_imported_text_is_admitted_not_refused(
    sample_pdf: Path, tmp_path: Path
) -> None:
    source = tmp_path / "pages.jsonl"
    source.write_text('{"page": 1, "text": "甲\\ud800乙"}\n', "utf-8")  # a JSON escape
    store = tmp_path / "review.sqlite3"
    result = run_cli("import", sample_pdf, "--from", source, "--store", store)
    assert result.returncode == 0, result.stderr
    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert session.store.page_state(0).text == "甲�乙"
    finally:
        session.close()


def test_an_offline_engines_lines_are_admitted_before_their_offsets() -> None:
    lines = [RawLine("第一\x00條", None, 0.9), RawLine("甲\u202e乙\r\n", None, 0.9)]
    reading = build_reading(lines, engine="rapidocr", page=0, size=(100, 100))
    assert reading.text == "第一�條\n甲�乙"
    assert [reading.text[line.start : line.end] for line in reading.lines] == ["第一�條", "甲�乙"]
    assert reading.provenance().to_dict()[REPLACED_KEY] == 2


def test_a_batch_results_line_is_admitted(tmp_path: Path) -> None:
    body = json.loads(h.completion({"role": "assistant", "content": HOSTILE}))
    line = {
        "id": "r1",
        "custom_id": "pd1-x",
        "response": {"status_code": 200, "body": body},
        "error": None,
    }
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps(line) + "\n", "utf-8")
    [entry] = read_results(path)
    assert (entry.text, entry.replaced) == (ADMITTED, REPLACED)
    assert any(WARNING in w for w in entry.warnings)


def test_admit_is_the_one_rule() -> None:
    every = "".join(chr(c) for c in range(0x20)) + "\x7f" + "".join(map(chr, range(0x80, 0xA0)))
    planes = "".join(chr(p + 0xFFFE) + chr(p + 0xFFFF) for p in range(0, 0x110000, 0x10000))
    others = "".join(map(chr, range(0xFDD0, 0xFDF0))) + planes + "\ud800\udfff"
    others += "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    admitted = admit(every + others + "a\r\nb\rc")
    line_ends = {"\t": "\t", "\n": "\n", "\r": "\n", "\x85": "\n"}  # kept, or a line feed
    expected = "".join(line_ends.get(ch, PLACEHOLDER) for ch in every)
    expected += PLACEHOLDER * len(others) + "a\nb\nc"
    assert admitted.text == expected
    assert admitted.replaced == expected.count(PLACEHOLDER) == len(every) - 4 + len(others)
    assert admitted.text.encode("utf-8")  # no lone surrogate left
    assert admit("甲\u200d乙\u2028丙　").replaced == 0  # joiners, separators, spaces stay
