"""``proofdesk compare`` reads the session's one page review for every kind of
alternate (issue 27, point 1): a text file gives the flags the same text stored as a
reading gives, one flag where a critical term and its difference meet. Before, a file
(or an engine's reading) was reviewed bare: the item and its difference were two."""

from __future__ import annotations

import json
from pathlib import Path

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests.backend.cli.cli_helpers import run_cli
from tests.conftest import DATA


def test_compare_with_a_file_flags_as_the_stored_reading_does(
    tmp_path: Path, sample_pdf: Path
) -> None:
    store = tmp_path / "review.sqlite"
    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
        text = session.page_state(0).text
        misread = text.replace("得以", "應以", 1)
        imported, _change = session.store.add_version(
            0, VersionKind.IMPORT, misread, {"engine": "file"}, history_only=True
        )
        stored = session.review(0, alternate_id=imported.id)
    finally:
        session.close()
    path = tmp_path / "alternate.txt"
    path.write_text(misread, "utf-8")
    args = ("compare", sample_pdf, "--store", store, "--page", "1", "--json")
    result = run_cli(*args, "--alternate", path)
    assert result.returncode == 0, result.stderr
    flags = json.loads(result.stdout)["flags"]
    assert flags == [f.as_json() for f in stored.flags]
    at = text.index("得以")
    here = [f for f in flags if f["start"] <= at < f["end"]]
    assert [f["kind"] for f in here] == ["critical"], here  # one item, not two
    assert "得以" in here[0]["detail"] and "應" in here[0]["detail"]
