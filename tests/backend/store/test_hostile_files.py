"""Links that lead elsewhere: a folder import refuses them, an export replaces them.

A folder of page files from someone else may hold ``page-1.txt -> ~/.ssh/id_rsa``;
an export folder may hold ``out.txt -> ~/.bashrc``. Neither may make ProofDesk
read or overwrite a file the user never named.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.cli.commands import main
from backend.errors import ImportError_
from backend.export.safe_write import check_target
from backend.session.document_session import DocumentSession
from backend.store.importers import read_transcripts


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    secret = tmp_path / "elsewhere" / "id_rsa"
    secret.parent.mkdir()
    secret.write_text("-----BEGIN OPENSSH PRIVATE KEY-----\n", "utf-8")
    return secret


def test_a_folder_import_refuses_links_that_leave_the_folder(tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "pages"
    (folder / "drafts").mkdir(parents=True)
    (folder / "drafts" / "p2.txt").write_text("second", "utf-8")
    (folder / "page-2.txt").symlink_to(Path("drafts") / "p2.txt")  # stays inside: fine
    (folder / "page-9.txt").symlink_to(folder / "gone.txt")  # leads nowhere: not a file
    (folder / "hop.md").symlink_to(folder.parent / "elsewhere")  # a folder: not a file
    (folder / "page-1.txt").symlink_to(outside)
    (folder / "page-3.txt").symlink_to(folder / "chain")  # a link to a link that leaves
    (folder / "chain").symlink_to(outside)
    with pytest.raises(ImportError_) as caught:
        read_transcripts(folder, 7)
    message = str(caught.value)
    assert "“page-1.txt”" in message and "“page-3.txt”" in message and "outside" in message
    assert "Nothing was imported" in message
    (folder / "page-1.txt").unlink()
    (folder / "page-3.txt").unlink()
    via_link = tmp_path / "via-link"
    via_link.symlink_to(folder)  # the folder itself may be named through a link
    [page] = read_transcripts(via_link, 7)
    assert (page.page, page.text) == (1, "second")


def test_the_cli_names_the_links_and_imports_nothing(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path, outside: Path
) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "page-1.txt").symlink_to(outside)
    store = tmp_path / "s.sqlite3"
    code = main(["import", str(sample_pdf), "--from", str(folder), "--store", str(store)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "“page-1.txt”" in err
    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert all(session.store.versions(p) == [] for p in range(7))
        assert "OPENSSH" not in session.store.working_text(0)
    finally:
        session.close()


def _export(pdf: Path, store: Path, *args: str | Path) -> int:
    return main(["export", str(pdf), "--store", str(store), "--format", "txt", *map(str, args)])


def test_force_onto_a_link_replaces_the_link_not_its_target(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "s.sqlite3"
    DocumentSession.open(sample_pdf, store_path=store).close()  # export reads, makes none
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", "utf-8")
    link = tmp_path / "out.txt"
    link.symlink_to(victim)
    assert _export(sample_pdf, store, "-o", link) == 2  # without --force: it exists
    assert "already exists" in capsys.readouterr().err
    assert _export(sample_pdf, store, "-o", link, "--force") == 0
    err = capsys.readouterr().err
    assert victim.read_text("utf-8") == "keep me"  # the file the link pointed to: untouched
    assert not link.is_symlink() and link.stat().st_size > 0  # the link is now the export
    assert "was a link to" in err and "victim.txt" in err
    # Naming the file itself is how to replace it.
    assert _export(sample_pdf, store, "-o", victim, "--force") == 0
    assert victim.read_text("utf-8") != "keep me"


def test_a_link_that_leads_nowhere_is_a_name_taken(tmp_path: Path) -> None:
    planted = tmp_path / "elsewhere" / ".bashrc"  # does not exist yet
    planted.parent.mkdir()
    link = tmp_path / "out.txt"
    link.symlink_to(planted)
    with pytest.raises(Exception, match="already exists"):
        check_target(link, [], overwrite=False)
    assert check_target(link, [], overwrite=True) == link.parent.resolve() / "out.txt"
    assert not planted.exists()
    # A link in the folder part is followed: the user named that folder, as before.
    (tmp_path / "alias").symlink_to(planted.parent, target_is_directory=True)
    target = check_target(tmp_path / "alias" / "out.txt", [], overwrite=False)
    assert target == planted.parent.resolve() / "out.txt"
