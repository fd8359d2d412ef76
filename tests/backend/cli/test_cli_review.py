"""``proofdesk compare`` and ``proofdesk eval`` as a user runs them (real processes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.review.run_eval import character_error_rate
from backend.session.document_session import DocumentSession
from tests.backend.cli.cli_helpers import assert_one_line_error, run_cli
from tests.conftest import DATA


@pytest.fixture(scope="module")
def truth() -> dict[int, str]:
    pages = json.loads((DATA / "legal-sample.truth.json").read_text("utf-8"))["pages"]
    return {p["page"] - 1: p["text"] for p in pages}


def write(path: Path, text: str) -> Path:
    path.write_text(text, "utf-8")
    return path


def test_compare_json_flags_a_flipped_modal_word_as_critical(
    tmp_path: Path, sample_pdf: Path, truth: dict[int, str]
) -> None:
    correct = truth[0]
    at = correct.index("得以")
    transcript = correct[:at] + "應" + correct[at + 1 :]  # the model read 應 for 得
    result = run_cli(
        "compare",
        sample_pdf,
        "--page",
        "1",
        "--transcript",
        write(tmp_path / "t.txt", transcript),
        "--alternate",
        write(tmp_path / "alt.txt", correct),
        "--json",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"page", "agreement", "flags", "diagnoses"}
    assert data["diagnoses"] == []  # one word misread: no whole-page failure
    assert data["page"] == 1
    assert 0.99 < data["agreement"] < 1.0
    for flag in data["flags"]:
        assert set(flag) == {"start", "end", "kind", "detail"}
        assert 0 <= flag["start"] <= flag["end"] <= len(transcript)
    critical = [f for f in data["flags"] if f["kind"] == "critical"]
    assert critical, data
    assert any(f["start"] <= at < f["end"] for f in critical)
    # The 【模糊】 the statute quotes is a marker in the transcript too.
    markers = [f for f in data["flags"] if f["kind"] == "marker"]
    assert [transcript[f["start"] : f["end"]] for f in markers] == ["【模糊】"]


def test_compare_offsets_index_the_transcript_as_given(
    tmp_path: Path, sample_pdf: Path, truth: dict[int, str]
) -> None:
    """Extra spaces and half-width punctuation in the transcript do not shift offsets."""
    correct = truth[1]
    line_end = correct.index("\n", 40)
    dropped = correct[line_end + 1 : correct.index("\n", line_end + 1)]
    transcript = (
        "  " + correct[: line_end + 1].replace("，", ",") + correct[line_end + 2 + len(dropped) :]
    )
    result = run_cli(
        "compare",
        sample_pdf,
        "--page",
        "2",
        "--transcript",
        write(tmp_path / "t.txt", transcript),
        "--alternate",
        write(tmp_path / "alt.txt", correct),
        "--json",
    )
    assert result.returncode == 0, result.stderr
    flags = json.loads(result.stdout)["flags"]
    omissions = [f for f in flags if f["start"] == f["end"]]
    assert omissions, flags  # the dropped line is a zero-width flag where it belongs
    expected = len("  ") + line_end + 1
    assert any(abs(f["start"] - expected) <= 2 for f in omissions), (expected, omissions)
    # Half-width commas alone are not flagged.
    assert not any(transcript[f["start"] : f["end"]] == "," for f in flags)


def test_compare_with_the_text_layer_engine(tmp_path: Path, truth: dict[int, str]) -> None:
    digital = DATA / "legal-sample.digital.pdf"
    store = tmp_path / "review.sqlite"
    transcript = truth[2].replace("一千元", "一萬元")
    args = ["compare", digital, "--page", "3", "--alternate", "textlayer", "--store", store]
    result = run_cli(*args, "--transcript", write(tmp_path / "t.txt", transcript), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    changed = transcript.index("一萬元")
    assert any(
        f["kind"] == "critical" and f["start"] <= changed + 1 < f["end"] for f in data["flags"]
    ), data
    # The reading was stored as an alternate version and is reused next time.
    session = DocumentSession.open(digital, store_path=store)
    try:
        kinds = [v.kind for v in session.store.versions(2)]
    finally:
        session.close()
    assert kinds == [VersionKind.ALTERNATE]
    again = run_cli(*args, "--transcript", write(tmp_path / "t.txt", transcript), "--json")
    assert json.loads(again.stdout) == data


@pytest.mark.parametrize(
    ("alternate", "expected"),
    [("no-such-engine", "neither an engine"), ("textlayer", "")],
)
def test_compare_bad_input_is_one_line(
    tmp_path: Path, sample_pdf: Path, alternate: str, expected: str
) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_bytes(b"\xff\xfe\x00bad")
    if not expected:  # a non-UTF-8 transcript
        expected = "not UTF-8"
    else:
        write(transcript, "text")
    result = run_cli(
        "compare", sample_pdf, "--page", "1", "--transcript", transcript, "--alternate", alternate
    )
    assert expected in assert_one_line_error(result)


def test_compare_with_an_unknown_alternate_makes_no_store(
    tmp_path: Path, sample_pdf: Path, isolated_data_dir: Path
) -> None:
    """Refused before anything is opened: no store, backup or record of the document."""
    result = run_cli("compare", sample_pdf, "--page", "1", "--alternate", "nosuch")
    assert "neither an engine" in assert_one_line_error(result)
    made = (
        [p for p in isolated_data_dir.rglob("*") if p.is_file()]
        if isolated_data_dir.exists()
        else []
    )
    assert made == []


def test_compare_page_out_of_range(tmp_path: Path, sample_pdf: Path) -> None:
    result = run_cli(
        "compare",
        sample_pdf,
        "--page",
        "99",
        "--transcript",
        write(tmp_path / "t.txt", "x"),
        "--alternate",
        write(tmp_path / "a.txt", "x"),
    )
    assert "outside 1–7" in assert_one_line_error(result)


def test_eval_against_gold_reports_cer_and_critical(
    tmp_path: Path, sample_pdf: Path, truth: dict[int, str]
) -> None:
    store = tmp_path / "review.sqlite"
    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        for page, text in truth.items():
            read = text.replace("得", "應", 1) if page == 0 else text.replace("，", ",")
            session.store.add_version(page, VersionKind.OCR, read, {"engine": "vllm", "model": "m"})
    finally:
        session.close()
    gold = tmp_path / "gold"
    gold.mkdir()
    for page, text in truth.items():
        write(gold / f"page-{page + 1}.txt", text)
    result = run_cli(
        "eval",
        sample_pdf,
        "--store",
        store,
        "--a",
        "model:m",
        "--b",
        gold,
        "--pages",
        "1-2",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    first, second = report["pages"]
    assert first["critical"] and first["cer"] > 0
    assert second["critical"] == [] and second["differences"]["substantive"] == 0
    assert second["differences"]["punctuation"] > 0  # half-width commas: not substantive
    assert report["cer"] is not None
    markdown = run_cli("eval", sample_pdf, "--store", store, "--a", "kind:ocr", "--b", gold)
    assert "| 1 |" in markdown.stdout and "CER" in markdown.stdout


def test_eval_bad_selector(tmp_path: Path, sample_pdf: Path) -> None:
    DocumentSession.open(sample_pdf).close()  # a review to read: eval makes none (issue 21)
    result = run_cli("eval", sample_pdf, "--a", "kind:nonsense", "--b", "current")
    assert "Unknown version kind" in assert_one_line_error(result)
    result = run_cli("eval", sample_pdf, "--a", "/no/such/folder", "--b", "current")
    assert "not a selector" in assert_one_line_error(result)


@pytest.mark.parametrize(
    ("hyp", "ref", "cer"),
    [("abc", "abc", 0.0), ("abd", "abc", 1 / 3), ("ab", "abc", 1 / 3), ("a b\nc", "abc", 0.0)],
)
def test_character_error_rate(hyp: str, ref: str, cer: float) -> None:
    assert character_error_rate(hyp, ref) == pytest.approx(cer)


@pytest.mark.parametrize(
    ("selector", "expected"), [("version:abc", "whole number"), ("version:999", "no version 999")]
)
def test_eval_bad_version_selector(
    tmp_path: Path, sample_pdf: Path, selector: str, expected: str
) -> None:
    store = tmp_path / "review.sqlite"
    DocumentSession.open(sample_pdf, store_path=store).close()
    result = run_cli("eval", sample_pdf, "--store", store, "--a", selector, "--b", "current")
    assert expected in assert_one_line_error(result)


def test_compare_with_an_alternate_file_not_in_utf8(tmp_path: Path, sample_pdf: Path) -> None:
    alternate = tmp_path / "a.txt"
    alternate.write_bytes("被告應給付".encode("big5"))
    result = run_cli(
        "compare",
        sample_pdf,
        "--page",
        "1",
        "--transcript",
        write(tmp_path / "t.txt", "被告應給付"),
        "--alternate",
        alternate,
    )
    assert "cannot be read as UTF-8" in assert_one_line_error(result)
