"""An alternates run's "unprocessed" pages on the team server, as in the embedded store
(``tests/backend/ocr/test_alternates_scope.py``): no alternate from this run's readers yet."""

from __future__ import annotations

from collections.abc import Callable

from backend.models import VersionKind
from backend.store.postgres.team_store import TeamStore

Open = Callable[..., TeamStore]


def test_alternates_runs_choose_pages_without_their_own_alternate(open_store: Open) -> None:
    from backend.store.job_rows import Selection

    rita = open_store("rita")
    second = ("http://gpu-2:8000", "model-b")
    for page in range(3):
        rita.add_version(page, VersionKind.OCR, "轉錄", {"engine": "vllm", "model": "model-a"})
    rita.add_version(1, VersionKind.ALTERNATE, "對照", {"server": second[0], "model": second[1]})
    rita.add_version(2, VersionKind.ALTERNATE, "對照", {"engine": "rapidocr"})
    jobs = rita.jobs()
    assert jobs.select_pages(3, Selection.UNPROCESSED, None) == []  # every page is transcribed
    assert jobs.select_pages(3, Selection.UNPROCESSED, None, alternates_by=[second]) == [0, 2]
    third = ("http://gpu-3:8000", "model-b")  # the same model on another server: not read
    assert jobs.select_pages(3, Selection.UNPROCESSED, None, alternates_by=[third]) == [0, 1, 2]
    now = [(second[0], "model-c")]  # the same server now serving another model: not read
    assert jobs.select_pages(3, Selection.UNPROCESSED, None, alternates_by=now) == [0, 1, 2]
