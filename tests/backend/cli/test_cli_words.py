"""``info`` and ``status`` speak the reader's language (issue 14): field names and
statuses in words, English or zh_TW, while ``--json`` keeps its keys and codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backend.cli.commands import main
from backend.documents.pdf import file_sha256
from backend.models import ReviewStatus
from backend.session.document_session import DocumentSession

CODES = [s.value for s in ReviewStatus]  # unreviewed, in_progress, reviewed, ...
INFO_KEYS = ("first_page_size_pt", "needed_password", "sha256", "path")


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    assert main([str(a) for a in args]) == 0
    out, _err = capsys.readouterr()
    return out


@pytest.fixture
def store(sample_pdf: Path, tmp_path: Path) -> Path:
    """A review with every status but one on its first pages (the rest not reviewed)."""
    path = tmp_path / "review.sqlite3"
    session = DocumentSession.open(sample_pdf, store_path=path)
    try:
        for page, status in enumerate(
            [ReviewStatus.IN_PROGRESS, ReviewStatus.REVIEWED, ReviewStatus.FLAGGED]
        ):
            session.set_status(page, status)
    finally:
        session.close()
    return path


def test_info_names_its_fields_in_words(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path
) -> None:
    lines = run(capsys, "info", sample_pdf).splitlines()
    assert "pages: 7" in lines
    assert f"SHA-256: {file_sha256(sample_pdf)}" in lines
    assert "encrypted: No" in lines and "needed a password: No" in lines
    assert any(line.startswith("first page size: ") and line.endswith(" pt") for line in lines)
    text = "\n".join(lines)
    assert not any(key in text for key in INFO_KEYS)
    assert "False" not in text and "True" not in text


def test_info_in_chinese(capsys: pytest.CaptureFixture[str], sample_pdf: Path) -> None:
    text = run(capsys, "info", sample_pdf, "--lang", "zh_TW")
    assert "頁數：7" in text.splitlines() and "已加密：否" in text.splitlines()
    assert not any(key in text for key in (*INFO_KEYS, "pages:", "encrypted", "False"))


def test_info_json_keeps_its_keys_in_chinese(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path
) -> None:
    data = json.loads(run(capsys, "info", sample_pdf, "--json", "--lang", "zh_TW"))
    assert data["pages"] == 7 and data["encrypted"] is False
    assert set(INFO_KEYS) <= set(data)


def test_status_in_words(capsys: pytest.CaptureFixture[str], sample_pdf: Path, store: Path) -> None:
    lines = run(capsys, "status", sample_pdf, "--store", store).splitlines()
    assert lines[:4] == [
        "page 1: in progress",
        "page 2: reviewed",
        "page 3: flagged",
        "page 4: not reviewed",
    ]
    assert lines[7] == ("summary: not reviewed 4, in progress 1, reviewed 1, approved 0, flagged 1")
    assert "in_progress" not in "\n".join(lines) and "unreviewed" not in "\n".join(lines)


@pytest.mark.parametrize("by_risk", [False, True])
def test_status_in_chinese_prints_no_code(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, store: Path, by_risk: bool
) -> None:
    extra = ["--by-risk"] if by_risk else []
    text = run(capsys, "status", sample_pdf, "--store", store, "--lang", "zh_TW", *extra)
    assert not any(code in text for code in CODES), text
    assert "第 1 頁：" in text and "進行中" in text and "需再檢查" in text
    if not by_risk:
        summary = text.splitlines()[7]
        assert "尚未審閱 4 頁" in summary
        assert ", " not in summary and "、" in summary, summary  # 「已核可 5, …」 was the defect


def test_status_json_keeps_the_codes_in_chinese(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, store: Path
) -> None:
    data = json.loads(
        run(capsys, "status", sample_pdf, "--store", store, "--json", "--lang", "zh_TW")
    )
    assert data["pages"][:4] == ["in_progress", "reviewed", "flagged", "unreviewed"]
    assert data["summary"] == {
        "unreviewed": 4,
        "in_progress": 1,
        "reviewed": 1,
        "approved": 0,
        "flagged": 1,
    }


def test_help_description_is_translated(capsys: pytest.CaptureFixture[str]) -> None:
    assert "The headless command line" in run(capsys, "--help")
    text = run(capsys, "--help", "--lang", "zh_TW")
    assert "命令列工具" in text and "The headless command line" not in text
