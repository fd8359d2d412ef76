"""Regression tests for defects found reviewing the offline batch and the batch ramp.

Each test failed before its fix (the last two guard behaviour that was right):
an import that held every answer, and every garbage line's problem, in memory; a
result for a page its batch did not ask for stored with no prompt; a ramp that
polled a server without ``/metrics`` 20 times a second for a whole batch, and
whose monitor died on a metrics page summing to infinity; damaged manifests
raising AttributeError/RecursionError/IsADirectoryError; ``requests.jsonl``
imported as if it held answers; a README whose import command named the nodes'
folder instead of the desktop's; a message naming the folder “” for a results
file given alone. Also: typed text survives an import; shards hold each page once.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from backend.engines.base import OcrRequest, Reading, SamplingParams
from backend.engines.server_info import ServerLoad
from backend.errors import BatchFileError, BatchMismatchError
from backend.models import VersionKind
from backend.ocr.batch import Batch
from backend.ocr.batch_files import layout
from backend.ocr.batch_files.importing import import_results
from backend.ocr.lanes import Lane
from backend.ocr.ramp import QUICK_LOOKS, RAMP_POLL_S
from backend.store.review_store import ReviewStore
from tests.backend.ocr.batch_helpers import image_for

SHA = "ab" * 32


def folder_for(tmp_path: Path, page_count: int, asked: range) -> Path:
    """A batch folder whose manifest asked for the pages ``asked`` of a document."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    pages = tuple(
        layout.PageEntry(p, layout.custom_id(SHA, page_count, p), "h", {"sha256": "i"}, 64)
        for p in asked
    )
    manifest = layout.Manifest(
        SHA, "big.pdf", page_count, "m", 4096, 10**6, {}, {"h": "轉錄"}, pages
    )
    (tmp_path / layout.MANIFEST).write_text(manifest.to_json(), "utf-8")
    return tmp_path


def result_line(page_count: int, page: int, text: str) -> str:
    message = {"role": "assistant", "content": text}
    body = {
        "model": "m",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 20},
    }
    cid = layout.custom_id(SHA, page_count, page)
    response = {"status_code": 200, "request_id": "r", "body": body}
    return json.dumps({"id": f"b-{page}", "custom_id": cid, "response": response}) + "\n"


def peak_import_mb(tmp_path: Path, pages: int) -> float:
    folder = folder_for(tmp_path, pages, range(pages))
    results = folder / "results.jsonl"
    with results.open("w", encoding="utf-8") as f:
        for page in range(pages):
            f.write(result_line(pages, page, f"第{page}頁" + "字" * 20_000))
    store = ReviewStore(tmp_path / "r.db", author="t")
    tracemalloc.start()
    try:
        report = import_results(
            store, sha256=SHA, page_count=pages, name="big.pdf", files=[results]
        )
        peak = tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()
        store.close()
    assert report.stored == pages and not report.failed
    return peak


def test_an_import_streams_its_results_instead_of_holding_them(tmp_path: Path) -> None:
    # 60 KB of UTF-8 per answer: 600 answers are 36 MB of results; held at once
    # (as before) the import peaked near 60 MB, streamed it stays near 10 MB.
    small = peak_import_mb(tmp_path / "a", 100)
    large = peak_import_mb(tmp_path / "b", 600)
    assert large < small * 2 + 4, (small, large)


def test_every_answer_streamed_is_stored_once(tmp_path: Path) -> None:
    folder = folder_for(tmp_path, 300, range(300))
    results = folder / "results.jsonl"
    results.write_text("".join(result_line(300, p, f"頁{p}") for p in range(300)), "utf-8")
    store = ReviewStore(tmp_path / "r.db", author="t")
    try:
        args: dict[str, Any] = {"sha256": SHA, "page_count": 300, "name": "big.pdf"}
        first = import_results(store, files=[results], **args)
        assert (first.stored, first.already, len(first.change.pages)) == (300, 0, 300)
        again = import_results(store, files=[results, results], **args)
        assert (again.stored, again.already) == (0, 600)
        texts = [[v.text for v in store.versions(p) if v.kind is VersionKind.OCR] for p in (0, 299)]
        assert texts == [["頁0"], ["頁299"]]
    finally:
        store.close()


def test_a_page_its_batch_did_not_ask_for_is_refused_whole(tmp_path: Path) -> None:
    # Prepared for pages 1-3 of 7; a line for page 5 (another batch of the same
    # document) would have been stored with no prompt or image in its provenance.
    folder = folder_for(tmp_path, 7, range(3))
    results = folder / "results.jsonl"
    results.write_text(result_line(7, 0, "一") + result_line(7, 4, "五"), "utf-8")
    store = ReviewStore(tmp_path / "r.db", author="t")
    try:
        with pytest.raises(BatchMismatchError, match="answers page 5, which the batch"):
            import_results(store, sha256=SHA, page_count=7, name="x.pdf", files=[results])
        assert store.versions(0) == [] and store.versions(4) == []
    finally:
        store.close()


class _Engine:
    """Answers a page once the batch has looked at the server's load ``looks`` times."""

    def __init__(self, looks: int) -> None:
        self.looks, self.seen = looks, 0
        self.enough = asyncio.Event()

    async def read(self, request: OcrRequest) -> Reading:
        await self.enough.wait()
        return Reading(text="頁", engine="fake", finish_reason="stop")

    async def look(self, answer: str) -> ServerLoad | None:
        self.seen += 1
        if self.seen >= self.looks:
            self.enough.set()
        if answer == "raises":
            raise OSError("connection reset")
        if answer == "stale":  # a page of zeros that never moves
            return ServerLoad(running=0, waiting=0, kv_cache_usage=None)
        return None  # no /metrics (404)


@pytest.mark.parametrize("answer", ["absent", "raises", "stale"])
def test_a_server_without_useful_metrics_is_not_polled_quickly_all_batch(answer: str) -> None:
    steady = 0.06
    engine = _Engine(QUICK_LOOKS + 3)
    lane = Lane("a", engine, limit=4, load=lambda: engine.look(answer))
    saved: list[int] = []

    async def prepare(page: int, lane: Lane) -> OcrRequest:
        return OcrRequest(image_for(page), "Transcribe.", SamplingParams(max_tokens=16))

    async def save(page: int, reading: Reading, attempts: int, warnings: Any) -> None:
        saved.append(page)

    async def fail(page: int, reason: str, attempts: int) -> None:
        raise AssertionError(reason)

    batch = Batch(
        list(range(6)), [lane], prepare=prepare, save=save, fail=fail, poll_interval_s=steady
    )
    asyncio.run(asyncio.wait_for(batch.run(), 60))
    assert sorted(saved) == list(range(6))
    assert lane.poll_interval(steady) == steady != RAMP_POLL_S  # before: 0.05 s for ever
    assert lane.limit == 4  # and no growth on no evidence


def test_the_readme_imports_from_the_desktops_folder(sample_pdf: Path, tmp_path: Path) -> None:
    from backend.cli.commands import main

    out = tmp_path / "job"
    args = ["batch-prepare", str(sample_pdf), "--out", str(out), "--pages", "1"]
    assert main([*args, "--media-root", "/cluster/jobs/case 12"]) == 0
    readme = (out / layout.README).read_text("utf-8")
    command = next(line for line in readme.splitlines() if "proofdesk batch-import" in line)
    files = shlex.split(command)[3]  # proofdesk batch-import PDF FOLDER/results*.jsonl
    assert Path(files).parent == out.resolve(), command
    assert "cd '/cluster/jobs/case 12'" in readme  # the nodes still run where they see it


@pytest.mark.parametrize(
    "text",
    [
        "5",
        "null",
        "[" * 100_000,
        '{"pages": [1]}',
        "MANIFEST_WITH_IMAGE_AS_TEXT",
        "MANIFEST_WITH_PROMPTS_AS_LIST",
    ],
)
def test_a_damaged_manifest_is_a_clear_error(tmp_path: Path, text: str) -> None:
    # Before: AttributeError, RecursionError, or an import failing half-way.
    good = json.loads(layout.Manifest(SHA, "d.pdf", 1, "m", 1, 1, {}, {}, ()).to_json())
    page = {"page": 0, "custom_id": "c", "prompt_sha256": "h", "image": "p.jpg", "max_tokens": 1}
    if text == "MANIFEST_WITH_IMAGE_AS_TEXT":
        text = json.dumps(good | {"pages": [page]})
    elif text == "MANIFEST_WITH_PROMPTS_AS_LIST":
        text = json.dumps(good | {"prompts": ["轉錄"]})
    (tmp_path / layout.MANIFEST).write_text(text, "utf-8")
    with pytest.raises(BatchFileError, match=r"The batch manifest in .* is damaged"):
        layout.read_manifest(tmp_path)


def test_an_unreadable_manifest_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / layout.MANIFEST).mkdir()  # before: IsADirectoryError
    with pytest.raises(BatchFileError, match="cannot be read"):
        layout.read_manifest(tmp_path)


@pytest.mark.parametrize("name", [layout.REQUESTS, "shards/requests-1-of-2.jsonl"])
def test_the_requests_file_is_refused_with_a_clear_message(tmp_path: Path, name: str) -> None:
    # "DIR/*.jsonl" takes in requests.jsonl: before, every page was listed as failed.
    folder = folder_for(tmp_path, 3, range(3))
    requests = folder / name
    requests.parent.mkdir(exist_ok=True)
    line = {"custom_id": layout.custom_id(SHA, 3, 0), "method": "POST", "body": {}}
    requests.write_text(json.dumps(line) + "\n", "utf-8")
    store = ReviewStore(tmp_path / "r.db", author="t")
    try:
        with pytest.raises(BatchFileError, match="holds the requests ProofDesk wrote"):
            import_results(store, sha256=SHA, page_count=3, name="x.pdf", files=[requests])
    finally:
        store.close()


@pytest.mark.parametrize(
    "page",
    [
        # Two engines of 1e308 each: the sum is infinite (before: OverflowError, and the
        # lane's monitor task died, leaving the ramp stuck for the rest of the batch).
        'vllm:num_requests_running{e="0"} 1e308\nvllm:num_requests_running{e="1"} 1e308\n',
        'vllm:num_requests_waiting{e="0"} 1e308\nvllm:num_requests_waiting{e="1"} 1e308\n',
        "vllm:num_requests_running -1e308\nvllm:num_requests_waiting -1e308\n",
        "vllm:kv_cache_usage_perc 1e308\nvllm:num_requests_waiting 3\n",
    ],
)
def test_a_hostile_metrics_page_keeps_the_limit_in_bounds(page: str) -> None:
    from backend.engines.server_info import parse_metrics
    from backend.ocr.ramp import MAX_ADAPTIVE_LIMIT, Ramp

    load = parse_metrics(page)
    assert load is not None
    ramp = Ramp(4)
    limits = [ramp.decide(load, out=ramp.limit) for _ in range(12)]
    assert all(1 <= limit <= MAX_ADAPTIVE_LIMIT for limit in limits), limits


def test_a_results_file_named_alone_names_its_folder_in_the_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "proofdesk batch-import PDF results.jsonl" from inside a folder: before, the
    # message read 'No manifest.json next to the results in “”'.
    where = tmp_path / "下載 downloads"
    where.mkdir()
    (where / "results.jsonl").write_text(result_line(1, 0, "x"), "utf-8")
    monkeypatch.chdir(where)
    store = ReviewStore(tmp_path / "r.db", author="t")
    try:
        with pytest.raises(BatchFileError, match="next to the results in “下載 downloads”"):
            import_results(
                store, sha256=SHA, page_count=1, name="x.pdf", files=[Path("results.jsonl")]
            )
    finally:
        store.close()


def test_a_file_of_garbage_lines_is_counted_not_held(tmp_path: Path) -> None:
    # 30,000 lines of "x": before, 30,000 problems held (~8 MB for a 60 KB file).
    from backend.ocr.batch_files.importing import MAX_LISTED

    folder = folder_for(tmp_path, 1, range(1))
    (folder / "results.jsonl").write_bytes(b"x\n" * 30_000)
    store = ReviewStore(tmp_path / "r.db", author="t")
    tracemalloc.start()
    try:
        report = import_results(
            store, sha256=SHA, page_count=1, name="x.pdf", files=[folder / "results.jsonl"]
        )
        peak = tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()
        store.close()
    assert (len(report.failed), report.failed_count) == (MAX_LISTED, 30_000)
    assert "30000 request(s) failed" in report.message
    assert report.failed[-1].where == f"results.jsonl line {MAX_LISTED}"
    assert peak < 3, peak


def test_text_being_typed_is_not_replaced_by_an_import(tmp_path: Path) -> None:
    folder = folder_for(tmp_path, 2, range(2))
    results = folder / "results.jsonl"
    results.write_text(result_line(2, 0, "機器") + result_line(2, 1, "機器二"), "utf-8")
    store = ReviewStore(tmp_path / "r.db", author="t")
    try:
        store.save_draft(0, "審閱者正在打字")  # autosaved, not yet an edit version
        report = import_results(store, sha256=SHA, page_count=2, name="x.pdf", files=[results])
        assert (report.stored, report.kept_edits) == (2, 1)
        assert store.working_text(0) == "審閱者正在打字"
        assert store.working_text(1) == "機器二"
    finally:
        store.close()


@pytest.mark.parametrize("shards", [3, 7, 50])
def test_shards_hold_every_page_once_and_evenly(
    sample_pdf: Path, tmp_path: Path, shards: int
) -> None:
    from backend.cli.commands import main

    out = tmp_path / "job"
    args = ["batch-prepare", str(sample_pdf), "--out", str(out), "--shards", str(shards)]
    assert main(args) == 0
    manifest = layout.read_manifest(out)
    count = min(shards, 7)  # never more shards than pages: an empty shard is a wasted node
    assert manifest.shards == count
    files = sorted((out / layout.SHARDS).glob("requests-*.jsonl"))
    assert [f.name for f in files] == [layout.shard_name(i, count) for i in range(count)]
    per_shard = [
        [json.loads(x)["custom_id"] for x in f.read_text("utf-8").splitlines()] for f in files
    ]
    every = [cid for shard in per_shard for cid in shard]
    assert sorted(every) == sorted(p.custom_id for p in manifest.pages) and len(every) == 7
    sizes = [len(shard) for shard in per_shard]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 1, sizes
