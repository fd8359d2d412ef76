"""The Compare dock and ``proofdesk compare --json`` give the same flags for the same
page and alternate (issue 27, point 1): both read the session's one page review.
Before, ``compare`` reviewed a file or an engine's reading bare, so a critical item
and the difference it sits in came out as two flags where the dock shows one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from gui.aids.compare_models import FlagRole
from gui.shell.main_window import MainWindow
from tests.backend.cli.cli_helpers import run_cli
from tests.conftest import DATA
from tests.gui.aids.review_helpers import wait_reviewed
from tests.gui.conftest import wait_for

Shown = list[tuple[int, int, str, str]]


def _prepare(sample_pdf: Path, tmp_path: Path) -> tuple[Path, int, int]:
    """Page 1 with its transcripts; the reading 應以 for 得以 as a text file and as the
    same text stored (the GUI's way to compare with a file: import it as a reading),
    and another engine's reading stored as the page's alternate. (file, the import's
    id, the stored alternate's id)."""
    session = DocumentSession.open(sample_pdf)
    try:
        session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
        text = session.page_state(0).text
        assert "得以" in text
        misread = text.replace("得以", "應以", 1)
        path = tmp_path / "alternate.txt"
        path.write_text(misread, "utf-8")
        imported, _change = session.store.add_version(
            0, VersionKind.IMPORT, misread, {"engine": "file"}, history_only=True
        )
        stored, _change = session.store.add_version(
            0, VersionKind.ALTERNATE, misread.replace("辨識校對", "辦識校對", 1), {"engine": "x"}
        )
    finally:
        session.close()
    return path, imported.id, stored.id


def _cli(sample_pdf: Path, alternate: str | Path) -> Shown:
    result = run_cli("compare", sample_pdf, "--page", "1", "--alternate", alternate, "--json")
    assert result.returncode == 0, result.stderr
    flags = json.loads(result.stdout)["flags"]
    return [(f["start"], f["end"], f["kind"], f["detail"]) for f in flags]


def _dock(w: MainWindow, arun: Any, version_id: int) -> Shown:
    w.aids.choose_alternate(version_id)
    wait_reviewed(w, arun)
    review = w.aids.review
    assert review is not None and review.alternate is not None
    model = w.review_ui.panel.flags_model
    flags = [model.data(model.index(row), FlagRole) for row in range(model.rowCount())]
    assert flags == list(review.flags)  # what the dock lists is the review
    return [(f.start, f.end, f.kind.value, f.detail) for f in flags]


def test_compare_json_and_the_compare_dock_give_the_same_flags(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    path, imported, stored = _prepare(sample_pdf, tmp_path)
    # The CLI first: the window then holds the store alone.
    by_file = _cli(sample_pdf, path)
    by_version = _cli(sample_pdf, f"version:{stored}")
    w: MainWindow = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    wait_reviewed(w, arun)
    in_dock = _dock(w, arun, imported)
    # The one error, 得以 read 應以: a critical item and its difference, one flag.
    critical = [f for f in in_dock if f[2] == "critical"]
    assert len(critical) == 1 and "得" in critical[0][3]
    assert not [
        f for f in in_dock if f[2] == "diff" and f[0] < critical[0][1] and f[1] > critical[0][0]
    ]
    assert by_file == in_dock
    assert by_version == _dock(w, arun, stored)
