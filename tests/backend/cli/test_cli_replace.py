"""``proofdesk replace``: a dry run by default listing every match with its context;
``--apply`` writes one version per changed page; approved pages only when asked."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.cli.commands import main
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from tests.backend.cli.cli_fuzz_support import (
    COMMON,
    FUZZ_SETTINGS,
    Workspace,
    check_cli,
    hostile_text,
    options,
)
from tests.backend.cli.cli_helpers import assert_one_line_error, run_cli
from tests.pdf_factory import text_pdf

TEXTS = ("原告林ＯＯ與被告", "理由：林OO主張", "無此人")


@pytest.fixture
def case(tmp_path: Path) -> tuple[Path, Path]:
    pdf = text_pdf(tmp_path / "case.pdf", ["one", "two", "three"])
    store = tmp_path / "review.sqlite3"
    session = DocumentSession.open(pdf, store_path=store)
    for page, text in enumerate(TEXTS):
        session.store.add_version(page, VersionKind.OCR, text, {"engine": "vllm"})
    session.close()
    return pdf, store


def texts(pdf: Path, store: Path) -> list[str]:
    session = DocumentSession.open(pdf, store_path=store, create=False)
    try:
        return [session.store.working_text(p) for p in range(3)]
    finally:
        session.close()


def test_a_dry_run_lists_every_match_and_changes_nothing(
    case: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    pdf, store = case
    args = ["replace", str(pdf), "林ＯＯ", "林○○", "--normalised", "--store", str(store)]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "page 1: 原告[林ＯＯ → 林○○]與被告",
        "page 2: 理由：[林OO → 林○○]主張",
        "2 match(es) on 2 page(s); nothing was changed (--apply writes them).",
    ]
    assert texts(pdf, store) == list(TEXTS)


def test_apply_writes_and_leaves_approved_pages_unless_included(
    case: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    pdf, store = case
    session = DocumentSession.open(pdf, store_path=store)
    session.set_status(0, ReviewStatus.APPROVED)
    session.close()
    args = ["replace", str(pdf), "林", "王", "--store", str(store), "--apply", "--pages", "1-2"]
    assert main(args) == 3  # a page left undone, as ocr / import say it
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1] == "Replaced 1 match(es) on 1 page(s)."
    assert captured.err == (
        "proofdesk: left approved page(s) 1 as they were (--include-approved changes them).\n"
    )
    assert texts(pdf, store) == ["原告林ＯＯ與被告", "理由：王OO主張", "無此人"]
    assert main([*args, "--include-approved"]) == 0
    assert texts(pdf, store)[0] == "原告王ＯＯ與被告"


def test_json_names_the_matches_and_what_was_written(
    case: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    pdf, store = case
    args = ["replace", str(pdf), r"林(.)", r"王\1", "--regex", "--store", str(store)]
    assert main([*args, "--apply", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(m["page"], m["found"], m["replacement"]) for m in data["matches"]] == [
        (1, "林Ｏ", "王Ｏ"),
        (2, "林O", "王O"),
    ]
    assert data["applied"] and data["replaced"] == 2 and data["skipped"] == {}
    assert set(data["changed"]) == {"1", "2"}


def test_a_bad_regex_is_one_line(case: tuple[Path, Path]) -> None:
    pdf, store = case
    line = assert_one_line_error(run_cli("replace", pdf, "林(", "x", "--regex", "--store", store))
    assert line.startswith("proofdesk: The regular expression 林( cannot be used: ")


def test_a_runaway_regex_is_one_line_naming_its_page_never_a_hang(
    case: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    pdf, store = case
    session = DocumentSession.open(pdf, store_path=store)
    session.store.add_version(1, VersionKind.EDIT, "附表：" + "a" * 60 + "b")
    session.close()
    before = texts(pdf, store)
    # (a|a)+$ backtracks 2**60 times over that line: only the time limit ends it.
    args = ["replace", str(pdf), "(a|a)+$", "x", "--regex", "--store", str(store), "--apply"]
    assert main([*args, "--time-limit", "0.5"]) == 2  # the pattern is the bad input
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "proofdesk: The regular expression took too long on page 2; simplify it."
        " Nothing was changed.\n"
    )
    assert texts(pdf, store) == before


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return Workspace(tmp_path_factory.mktemp("cli-replace-fuzz"))


# A pattern that means something to re (groups, classes, escapes), or hostile text.
patterns = st.one_of(
    hostile_text,
    st.text(alphabet=st.sampled_from(list("第頁一()[]{}?*+|^$\\.-:<>=!#PgN01 ")), max_size=12),
)


@FUZZ_SETTINGS
@given(data=st.data())
def test_hostile_finds_and_replacements_are_answered_as_documented(
    ws: Workspace, data: st.DataObject
) -> None:
    # The store holds escape sequences (Workspace.store): matches around them are shown
    # escaped. Anything the pattern or replacement cannot be is one line, exit 2.
    spec = COMMON | {
        "--pages": hostile_text,
        "--regex": "flag",
        "--normalised": "flag",
        "--ignore-case": "flag",
        "--include-approved": "flag",
        "--apply": "flag",
    }
    # Each example on a fresh copy of the seeded store: with --apply, one example's
    # writes would change what the next finds (and a failure would not replay).
    store = Path(ws.store("replace-seed")).with_name("replace.sqlite3")
    shutil.copyfile(ws.store("replace-seed"), store)
    argv = ["replace", str(ws.pdf), data.draw(patterns), data.draw(patterns | hostile_text)]
    check_cli([*argv, "--store", str(store), *data.draw(options(spec))])
