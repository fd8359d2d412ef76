"""Shared fixtures. Qt-free: the backend tests run where PySide6 is absent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.properties import load_profile

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_PDF = ROOT / "resources" / "samples" / "legal-sample.pdf"
DATA = ROOT / "tests" / "data"
HYPOTHESIS_PROFILE = load_profile()


def pytest_report_header() -> str:
    return f"hypothesis profile: {HYPOTHESIS_PROFILE}"


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """No test touches the user's real ProofDesk data, settings or home."""
    data = tmp_path / "proofdesk-data"
    monkeypatch.setenv("PROOFDESK_DATA_DIR", str(data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    # Never the user's real keyring: keyring's "no backend" stand-in.
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    # English messages whatever the machine's locale (tests of the zh_TW UI ask for it).
    monkeypatch.setenv("PROOFDESK_LANG", "en")
    # No CLI run or GUI loads the line detector unless the test is about it (each
    # would spawn a worker and load a model): tests of scan lines delete this.
    monkeypatch.setenv("PROOFDESK_SCAN_LINES", "0")
    monkeypatch.setenv("PROOFDESK_LAYOUT", "0")  # the layout model likewise
    yield data
    from backend import i18n

    i18n.set_language(i18n.ENGLISH)  # a test that switched language leaves none behind


@pytest.fixture
def sample_pdf(tmp_path: Path) -> Path:
    """A private copy of the sample document (tests may rename or change it)."""
    target = tmp_path / "legal-sample.pdf"
    target.write_bytes(SAMPLE_PDF.read_bytes())
    return target
