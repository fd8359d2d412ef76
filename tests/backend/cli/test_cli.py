"""The headless CLI as a user runs it: a real process, one-line errors, exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from backend.documents.pdf import file_sha256
from backend.errors import ImportError_
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests import pdf_factory
from tests.backend.cli.cli_helpers import EXIT_BAD_INPUT, assert_one_line_error, run_cli
from tests.conftest import DATA, ROOT

# -- info ---------------------------------------------------------------------------


def test_info_prints_pages_and_hash(sample_pdf: Path) -> None:
    result = run_cli("info", sample_pdf)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "pages: 7" in lines
    assert f"SHA-256: {file_sha256(sample_pdf)}" in lines
    assert result.stderr == ""


def test_info_json(sample_pdf: Path) -> None:
    result = run_cli("info", sample_pdf, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["pages"] == 7
    assert data["sha256"] == file_sha256(sample_pdf)
    assert data["path"] == str(sample_pdf.resolve())
    assert data["first_page_size_pt"] == [595.0, 842.0]
    assert data["encrypted"] is False and data["notices"] == []


def _missing(tmp: Path) -> Path:
    return tmp / "missing.pdf"


def _empty(tmp: Path) -> Path:
    (tmp / "empty.pdf").write_bytes(b"")
    return tmp / "empty.pdf"


def _garbage(tmp: Path) -> Path:
    (tmp / "garbage.pdf").write_bytes(b"This is a letter, not a PDF.\n" * 50)
    return tmp / "garbage.pdf"


def _zero_pages(tmp: Path) -> Path:
    return pdf_factory.zero_page_pdf(tmp / "zero.pdf")


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (_missing, "“missing.pdf” was not found"),
        (_empty, "“empty.pdf” is empty"),
        (_garbage, "“garbage.pdf” is not a PDF"),
        (_zero_pages, "“zero.pdf” is a PDF with no pages"),
    ],
)
def test_info_on_bad_input_fails_with_one_line(
    tmp_path: Path, make: Callable[[Path], Path], expected: str
) -> None:
    line = assert_one_line_error(run_cli("info", make(tmp_path)))
    assert expected in line


def test_info_on_an_encrypted_file_asks_for_the_password(tmp_path: Path) -> None:
    pdf = pdf_factory.encrypted_pdf(tmp_path / "locked.pdf", user_pw="user", owner_pw="owner")
    line = assert_one_line_error(run_cli("info", pdf))
    assert "protected by a password" in line and "--password" in line


def test_info_with_the_wrong_password(tmp_path: Path) -> None:
    pdf = pdf_factory.encrypted_pdf(tmp_path / "locked.pdf", user_pw="user", owner_pw="owner")
    line = assert_one_line_error(run_cli("info", pdf, "--password", "guess"))
    assert "The password does not open “locked.pdf”" in line


def test_info_with_the_password_opens_an_encrypted_file(tmp_path: Path) -> None:
    pdf = pdf_factory.encrypted_pdf(tmp_path / "locked.pdf", user_pw="user", owner_pw="owner")
    result = run_cli("info", pdf, "--password", "user", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["pages"] == 1
    assert data["encrypted"] is True and data["needed_password"] is True


# -- import and status --------------------------------------------------------------


def test_import_then_status_shows_the_pages(sample_pdf: Path, tmp_path: Path) -> None:
    store = tmp_path / "review.sqlite3"
    imported = run_cli(
        "import", sample_pdf, "--from", DATA / "legal-sample.vlm-style.jsonl", "--store", store
    )
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.strip() == "Imported 7 page(s)."
    status = run_cli("status", sample_pdf, "--store", store, "--json")
    assert status.returncode == 0, status.stderr
    data = json.loads(status.stdout)
    assert data["pages"] == ["unreviewed"] * 7
    assert data["summary"]["unreviewed"] == 7
    s = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert s.page_state(0).text.startswith("法院文書掃描辨識校對作業要點")
        assert all(s.store.versions(p)[-1].kind is VersionKind.IMPORT for p in range(7))
    finally:
        s.close()


def test_status_text_lists_every_page(sample_pdf: Path, tmp_path: Path) -> None:
    result = run_cli("status", sample_pdf, "--store", tmp_path / "review.sqlite3")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:7] == [f"page {n}: not reviewed" for n in range(1, 8)]  # words, not codes
    assert lines[7].startswith("summary: not reviewed 7")


def test_bad_import_fails_and_leaves_the_store_unchanged(sample_pdf: Path, tmp_path: Path) -> None:
    store = tmp_path / "review.sqlite3"
    good = tmp_path / "good.jsonl"
    good.write_text('{"page": 1, "text": "first reading"}\n', "utf-8")
    assert run_cli("import", sample_pdf, "--from", good, "--store", store).returncode == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"page": 2, "text": "fine"}\n{"page": 3, "text": \n', "utf-8")

    line = assert_one_line_error(run_cli("import", sample_pdf, "--from", bad, "--store", store))

    assert "bad.jsonl, line 2 is not valid JSON" in line
    s = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert [len(s.store.versions(p)) for p in range(7)] == [1, 0, 0, 0, 0, 0, 0]
        assert s.page_state(0).text == "first reading"
        assert s.page_state(1).text == ""
    finally:
        s.close()


def test_import_out_of_range_says_nothing_was_imported(sample_pdf: Path, tmp_path: Path) -> None:
    src = tmp_path / "long.jsonl"
    src.write_text('{"page": 1, "text": "a"}\n{"page": 9, "text": "b"}\n', "utf-8")
    store = tmp_path / "review.sqlite3"
    line = assert_one_line_error(run_cli("import", sample_pdf, "--from", src, "--store", store))
    assert "Nothing was imported" in line
    s = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert all(s.store.versions(p) == [] for p in range(7))
    finally:
        s.close()


def test_import_api_error_matches_the_cli(sample_pdf: Path, tmp_path: Path) -> None:
    """The CLI shows the backend's own message, not a paraphrase."""
    missing = tmp_path / "none.jsonl"
    s = DocumentSession.open(sample_pdf, store_path=tmp_path / "a.sqlite3")
    try:
        with pytest.raises(ImportError_) as caught:
            s.import_transcripts(missing)
    finally:
        s.close()
    line = assert_one_line_error(
        run_cli("import", sample_pdf, "--from", missing, "--store", tmp_path / "b.sqlite3")
    )
    assert line == f"proofdesk: {caught.value}"


def test_a_store_gone_since_its_backup_is_said_on_stderr_not_silently_restarted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from backend.cli.commands import main
    from backend.session.document_session import DocumentSession
    from tests.pdf_factory import text_pdf

    pdf = text_pdf(tmp_path / "brief.pdf", ["Page one."])
    store = tmp_path / "review.sqlite3"
    session = DocumentSession.open(pdf, store_path=store)
    session.save_draft(0, "an edit")
    session.close()  # takes a backup
    store.unlink()
    # status only reads: it says where the review went and makes no new one (issue 21)
    assert main(["status", str(pdf), "--store", str(store)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith(f"proofdesk: No review file was found at {store}, though a review")
    assert "backup" in err.lower() and len(err.splitlines()) == 1
    assert not store.exists()


# -- import from what is not a file of transcripts (issue 21) -------------------------


def test_import_from_dev_null_says_it_is_a_device(sample_pdf: Path, tmp_path: Path) -> None:
    store = tmp_path / "review.sqlite3"
    line = assert_one_line_error(
        run_cli("import", sample_pdf, "--from", "/dev/null", "--store", store)
    )
    assert line.startswith("proofdesk: “/dev/null” is a device, not a file of transcripts;"), line


def test_import_from_an_unreadable_file_names_its_path(sample_pdf: Path, tmp_path: Path) -> None:
    secret = tmp_path / "pages.jsonl"
    secret.write_text('{"page": 1, "text": "x"}\n', "utf-8")
    secret.chmod(0)
    # Root reads any file: as root, the CLI runs without the two capabilities that let
    # it (util-linux's setpriv), so the file's permissions apply as to anyone else.
    as_anyone = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    args = ["import", str(sample_pdf), "--from", str(secret), "--store", str(tmp_path / "s")]
    done = subprocess.run(
        [*(as_anyone if os.geteuid() == 0 else []), sys.executable, "-m", "backend", *args],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    line = assert_one_line_error(done)
    assert line == f"proofdesk: “{secret}” cannot be read (Permission denied).", line


# -- commands that only read make no review (issue 21) --------------------------------


def test_status_without_a_review_lists_every_page_and_makes_none(
    sample_pdf: Path, tmp_path: Path, isolated_data_dir: Path
) -> None:
    store = tmp_path / "review.sqlite3"
    named = run_cli("status", sample_pdf, "--store", store)
    default = run_cli("status", sample_pdf, "--json")  # the per-user store

    assert named.returncode == 0, named.stderr
    assert named.stdout.splitlines()[:7] == [f"page {n}: not reviewed" for n in range(1, 8)]
    assert named.stderr == (
        f"proofdesk: notice: “legal-sample.pdf” has no review yet (no review file at "
        f"{store}); nothing was created.\n"
    )
    assert default.returncode == 0, default.stderr
    assert json.loads(default.stdout)["pages"] == ["unreviewed"] * 7
    assert "has no review yet" in default.stderr
    assert list(tmp_path.iterdir()) == [sample_pdf]  # no store, no -wal, no lock
    assert not (isolated_data_dir / "stores").exists()  # not even the folder


@pytest.mark.parametrize(
    "command",
    [
        ["export", "--format", "txt", "-o", "OUT"],
        ["eval", "--a", "model:x", "--b", "model:y"],
        ["store", "push", "--to", "postgresql://127.0.0.1:9/nothing-listens-here"],
    ],
    ids=["export", "eval", "store push"],
)
def test_other_reading_commands_say_there_is_no_review_and_make_none(
    command: list[str], sample_pdf: Path, tmp_path: Path, isolated_data_dir: Path
) -> None:
    store = tmp_path / "review.sqlite3"
    command = [str(tmp_path / "out.txt") if word == "OUT" else word for word in command]
    if command[0] == "store":  # the document goes between the two words
        args: list[str | Path] = [*command[:2], sample_pdf, *command[2:]]
    else:
        args = [command[0], sample_pdf, *command[1:]]
    line = assert_one_line_error(run_cli(*args, "--store", store))
    assert line == (
        f"proofdesk: “legal-sample.pdf” has no review yet (no review file at {store}); "
        "nothing was created."
    )
    assert list(tmp_path.iterdir()) == [sample_pdf]
    assert not (isolated_data_dir / "stores").exists()
