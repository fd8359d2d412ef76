"""A page "text" far beyond any real page (a 128 MB one once made a 405 MB store) is
refused by the store on every path that writes a version: an OCR reading (batch or single
page), an alternate, an import, typing. That one page fails with a clear reason; nothing
of it is written."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from backend.engines.base import OcrRequest, Reading, SamplingParams
from backend.errors import StoreError
from backend.models import PageImage, VersionKind
from backend.ocr.batch import Batch, RetryPolicy
from backend.ocr.lanes import Lane
from backend.session.document_session import DocumentSession
from backend.store.job_rows import JobStore, PageJobState
from backend.store.review_store import ReviewStore
from tests.backend.cli.cli_helpers import run_cli

# Far past any page (a dense page of legal text is ~5,000 characters), in both scripts.
HUGE = {
    "2M-cjk": "第一條" * 700_000,  # 2.1 million characters, 6 MB of UTF-8
    "16M-ascii": "A" * 16_000_000,
}
LONG_BUT_REAL = "第一條 本契約自簽訂日起生效。\n" * 4000  # 64,000 characters: kept
PROV = {"engine": "vllm", "model": "qwen"}


@pytest.fixture(params=list(HUGE), ids=list(HUGE))
def huge(request: pytest.FixtureRequest) -> str:
    return HUGE[request.param]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ReviewStore]:
    s = ReviewStore(tmp_path / "review.sqlite3", author="ana")
    yield s
    s.close()


def assert_nothing_of_it_stored(store: ReviewStore, page: int) -> None:
    assert store.versions(page) == [] and store.draft(page) is None
    assert store.search("AAAAAAAA") == [] and store.search("第一條第一條") == []
    on_disk = sum(
        p.stat().st_size for p in store.path.parent.iterdir() if p.name.startswith(store.path.name)
    )
    assert on_disk < 2_000_000  # the store did not grow by the payload


def assert_refused_for(exc: StoreError, page: int) -> None:
    message = str(exc)
    assert f"age {page + 1}" in message and "characters" in message, message
    assert "not stored" in message or "nothing was imported" in message, message


@pytest.mark.parametrize(
    "write",
    [
        lambda s, text: s.add_version(2, VersionKind.OCR, text, PROV),
        lambda s, text: s.add_version(2, VersionKind.ALTERNATE, text, {"engine": "tesseract"}),
        lambda s, text: s.add_version(2, VersionKind.EDIT, text),
        lambda s, text: s.save_draft(2, text),
        lambda s, text: s.add_versions(
            [(1, VersionKind.IMPORT, "ok", {}), (2, VersionKind.IMPORT, text, {})]
        ),
    ],
    ids=["ocr", "alternate", "edit", "draft", "many-at-once"],
)
def test_every_store_write_refuses_a_huge_page(
    store: ReviewStore, huge: str, write: Callable[[ReviewStore, str], object]
) -> None:
    with pytest.raises(StoreError) as caught:
        write(store, huge)
    assert_refused_for(caught.value, 2)
    assert_nothing_of_it_stored(store, 2)
    assert store.versions(1) == []  # all or nothing: the page before it was not kept either
    store.save_draft(2, LONG_BUT_REAL)  # the store still works, and keeps a long real page
    assert store.working_text(2) == LONG_BUT_REAL


def test_the_limit_is_far_above_a_page_and_exact(store: ReviewStore) -> None:
    from backend.errors import PageTooLongError
    from backend.store.sql import MAX_PAGE_CHARS

    dense_page = 40 * len("第一條 本契約自簽訂日起生效。")  # 40 full lines
    assert MAX_PAGE_CHARS // dense_page >= 100  # a hundred such pages at least
    store.add_version(0, VersionKind.OCR, "字" * MAX_PAGE_CHARS, PROV)
    with pytest.raises(PageTooLongError) as caught:
        store.add_version(1, VersionKind.OCR, "字" * (MAX_PAGE_CHARS + 1), PROV)
    assert caught.value.page == 1 and caught.value.length == MAX_PAGE_CHARS + 1


def test_a_single_page_reading_through_the_session_is_refused(
    sample_pdf: Path, tmp_path: Path, huge: str
) -> None:
    s = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    try:
        with pytest.raises(StoreError) as caught:
            s.add_reading(3, huge, PROV)
        assert_refused_for(caught.value, 3)
        assert_nothing_of_it_stored(s.store, 3)
    finally:
        s.close()


def write_transcripts(path: Path, huge: str) -> Path:
    lines = [{"page": 1, "text": "第一頁"}, {"page": 2, "text": huge}, {"page": 3, "text": "三"}]
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    return path


def test_an_import_with_one_huge_page_imports_nothing_and_names_it(
    sample_pdf: Path, tmp_path: Path, huge: str
) -> None:
    source = write_transcripts(tmp_path / "t.jsonl", huge)
    s = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    try:
        with pytest.raises(StoreError) as caught:
            s.import_transcripts(source)
        assert_refused_for(caught.value, 1)
        assert "t.jsonl" in str(caught.value)
        assert s.store.version_counts() == {}
        assert_nothing_of_it_stored(s.store, 1)
    finally:
        s.close()


def test_the_cli_import_of_a_huge_page_is_one_line_and_writes_nothing(
    sample_pdf: Path, tmp_path: Path
) -> None:
    source = write_transcripts(tmp_path / "t.jsonl", HUGE["2M-cjk"])
    store = tmp_path / "review.sqlite3"
    result = run_cli("import", sample_pdf, "--store", store, "--from", source)
    assert result.returncode != 0
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "page 2" in lines[0] and "nothing was imported" in lines[0]
    reopened = ReviewStore(store, author="ana")
    try:
        assert reopened.version_counts() == {}
    finally:
        reopened.close()


# -- an OCR batch: that page fails, the others are stored -------------------------------------


class HugeOnOnePage:
    """An engine whose answer for one page is a runaway (the hostile-server case)."""

    name = "fake"

    def __init__(self, page: int, huge: str) -> None:
        self.page, self.huge = page, huge

    async def read(self, request: OcrRequest) -> Reading:
        page = request.image.page
        text = self.huge if page == self.page else f"第{page + 1}頁的文字"
        return Reading(text=text, engine="fake", model="fake-vl", finish_reason="stop")

    async def aclose(self) -> None:
        return None


def test_a_batch_fails_only_the_page_with_a_huge_reading(store: ReviewStore, huge: str) -> None:
    jobs = JobStore(store)
    pages = [0, 1, 2, 3]
    job = jobs.create(pages, {"server": "fake", "model": "fake-vl"})

    async def prepare(page: int, lane: Lane) -> OcrRequest:
        image = PageImage(page, b"\xff\xd8 not really a jpeg", "image/jpeg", 8, 8)
        return OcrRequest(image, "Transcribe.", SamplingParams(max_tokens=64))

    async def save(page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]) -> None:
        jobs.record_reading(job, page, reading.text, reading.provenance(), attempts)

    async def fail(page: int, reason: str, attempts: int) -> None:
        jobs.record_failure(job, page, reason, attempts)

    lane = Lane("a", HugeOnOnePage(2, huge), limit=2, fixed=True)
    batch = Batch(pages, [lane], prepare=prepare, save=save, fail=fail, policy=RetryPolicy())
    stats = asyncio.run(asyncio.wait_for(batch.run(), 60))
    assert (stats.done, stats.failed) == (3, 1)
    state = {p.page: p for p in jobs.pages(job)}
    assert state[2].state is PageJobState.FAILED
    assert "characters" in state[2].reason and "not stored" in state[2].reason
    assert all(state[p].state is PageJobState.DONE for p in (0, 1, 3))
    assert [store.working_text(p) for p in (0, 1, 3)] == [
        "第1頁的文字",
        "第2頁的文字",
        "第4頁的文字",
    ]
    assert_nothing_of_it_stored(store, 2)
