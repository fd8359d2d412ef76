"""A batch "as alternates" with the scope "Unprocessed" (issue 13, point 4), over real HTTP.

For an alternates run, a page is unprocessed while it has no alternate reading from
the profile that runs: a page with a transcript (or another engine's alternate) is
still to be read; one this profile already read as an alternate is not read again.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests import pdf_factory
from tests.backend.cli.cli_helpers import KEY, ocr
from tests.fakevllm import FakeVllm


@pytest.fixture
def servers() -> Iterator[tuple[FakeVllm, FakeVllm, FakeVllm]]:
    with (
        FakeVllm(service_time=0.01, api_key=KEY, model="model-a") as a,
        FakeVllm(service_time=0.01, api_key=KEY, model="model-b") as b,
        FakeVllm(service_time=0.01, api_key=KEY, model="model-c") as c,
    ):
        yield a, b, c


def _alternate_models(pdf: Path, store: Path) -> dict[int, list[str]]:
    session = DocumentSession.open(pdf, store_path=store)
    try:
        return {
            page: [
                str(v.provenance.get("model"))
                for v in session.store.versions(page)
                if v.kind is VersionKind.ALTERNATE
            ]
            for page in range(session.page_count)
        }
    finally:
        session.close()


def test_unprocessed_alternates_means_no_alternate_from_this_profile(
    servers: tuple[FakeVllm, FakeVllm, FakeVllm], tmp_path: Path
) -> None:
    a, b, c = servers
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["page one", "page two", "page three"])
    store = tmp_path / "review.sqlite3"
    first = ocr(pdf, "--server", a.base_url + "/v1", "--store", store)
    assert first.returncode == 0, first.stderr
    assert len(a.requests()) == 3  # every page has its transcript now

    def alternates(server: FakeVllm, *extra: str) -> None:
        url = server.base_url + "/v1"
        run = ocr(pdf, "--server", url, "--store", store, "--as-alternates", *extra)
        assert run.returncode == 0, run.stderr

    alternates(b, "--pages", "2")  # the second profile has read page 2 only
    assert len(b.requests()) == 1
    # Transcribed pages are still unprocessed for the second profile: pages 1 and 3 are read.
    alternates(b, "--only", "unprocessed")
    assert len(b.requests()) == 3
    assert _alternate_models(pdf, store) == {0: ["model-b"], 1: ["model-b"], 2: ["model-b"]}
    alternates(b, "--only", "unprocessed")  # nothing left for this profile
    assert len(b.requests()) == 3
    # Another profile's alternates do not count as this one's: all three pages are read.
    alternates(c, "--only", "unprocessed")
    assert len(c.requests()) == 3
    assert _alternate_models(pdf, store) == {p: ["model-b", "model-c"] for p in range(3)}
    # A transcript run's "unprocessed" is unchanged: every page has a transcript.
    again = ocr(pdf, "--server", a.base_url + "/v1", "--store", store, "--only", "unprocessed")
    assert again.returncode == 0, again.stderr
    assert len(a.requests()) == 3
