"""``proofdesk batch-prepare``: a job folder for ``vllm run-batch``, from a real PDF.

The requests are checked against what the live path would send for the same
page (same prompt, sampling and fitting), apart from the image: a ``file://``
URL to the page image in the folder instead of inline base64.
"""

from __future__ import annotations

import hashlib
import json
import shlex
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pymupdf
import pytest

from backend.cli.commands import main
from backend.documents.vision import spec_for_model_id
from backend.engines.base import SamplingParams
from backend.ocr.batch_files import layout
from backend.ocr.prompts import default_prompt
from backend.ocr.request_fit import fit_request
from backend.session.document_session import DocumentSession

MODEL = "Qwen/Qwen2.5-VL-7B-Instruct"


def prepare(pdf: Path, out: Path, *extra: str, store: Path | None = None) -> int:
    args = ["batch-prepare", str(pdf), "--out", str(out), "--pages", "1-3"]
    if store is not None:
        args += ["--store", str(store)]
    return main([*args, *extra])


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_one_request_per_page_as_the_live_path_would_send_it(
    sample_pdf: Path, tmp_path: Path
) -> None:
    out = tmp_path / "job"
    assert prepare(sample_pdf, out, "--max-tokens", "2048") == 0
    requests = lines(out / layout.REQUESTS)
    manifest = layout.read_manifest(out)
    doc_sha = sha256(sample_pdf)
    assert [r["custom_id"] for r in requests] == [
        layout.custom_id(doc_sha, 7, page) for page in range(3)
    ]
    spec = spec_for_model_id(MODEL)
    fitted = fit_request(
        spec=spec,
        max_pixels=manifest.max_pixels,
        prompt=default_prompt(),
        max_tokens=2048,
        max_model_len=manifest.max_model_len,
    )
    for page, request in enumerate(requests):
        assert (request["method"], request["url"]) == ("POST", "/v1/chat/completions")
        body = request["body"]
        assert "stream" not in body  # run-batch refuses streamed requests
        assert body["model"] == MODEL
        assert body["max_completion_tokens"] == fitted.max_tokens == 2048
        assert body["temperature"] == 0.0 and body["repetition_penalty"] == 1.05
        assert body["chat_template_kwargs"] == {"enable_thinking": False}
        image_part, text_part = body["messages"][0]["content"]
        assert text_part == {"type": "text", "text": default_prompt()}
        url = urlsplit(image_part["image_url"]["url"])
        image = Path(url2pathname(url.path))
        assert url.scheme == "file" and image.parent == (out / layout.IMAGES).resolve()
        entry = manifest.pages[page]
        assert sha256(image) == entry.image["sha256"]
        width, height = entry.image["width"], entry.image["height"]
        # At the model's budget, on its 28 px grid: the server keeps every pixel.
        assert width * height <= manifest.max_pixels and width % 28 == height % 28 == 0
        assert entry.prompt_sha256 == hashlib.sha256(default_prompt().encode()).hexdigest()
    assert manifest.document_sha256 == doc_sha and manifest.page_count == 7
    assert not (out / ".proofdesk-preparing").exists()


def test_each_page_gets_its_own_prompt_override(sample_pdf: Path, tmp_path: Path) -> None:
    store = tmp_path / "review.db"
    session = DocumentSession.open(sample_pdf, store_path=store)
    session.set_prompt("只轉錄表格。", page=1)
    session.close()
    out = tmp_path / "job"
    assert prepare(sample_pdf, out, store=store) == 0
    texts = [r["body"]["messages"][0]["content"][1]["text"] for r in lines(out / layout.REQUESTS)]
    assert texts == [default_prompt(), "只轉錄表格。", default_prompt()]
    assert len(layout.read_manifest(out).prompts) == 2


def test_shards_split_the_requests_for_n_nodes_and_the_readme_runs_them(
    sample_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "job"
    assert prepare(sample_pdf, out, "--shards", "2", "--max-model-len", "32768") == 0
    shards = sorted((out / layout.SHARDS).glob("*.jsonl"))
    assert [s.name for s in shards] == ["requests-1-of-2.jsonl", "requests-2-of-2.jsonl"]
    joined = [line for s in shards for line in s.read_text("utf-8").splitlines()]
    assert joined == (out / layout.REQUESTS).read_text("utf-8").splitlines()
    readme = (out / layout.README).read_text("utf-8")
    printed = capsys.readouterr().out
    for i, shard in enumerate(shards, start=1):
        command = next(line for line in readme.splitlines() if f"requests-{i}-of-2" in line)
        args = shlex.split(command.split("&&", 1)[1])
        assert args[:2] == ["vllm", "run-batch"]
        assert args[args.index("-i") + 1] == f"shards/{shard.name}"
        assert args[args.index("-o") + 1] == f"results-{i}-of-2.jsonl"
        assert args[args.index("--served-model-name") + 1] == MODEL
        assert args[args.index("--max-model-len") + 1] == "32768"
        media = args[args.index("--allowed-local-media-path") + 1]
        assert Path(media) == (out / layout.IMAGES).resolve()
        assert json.loads(args[args.index("--limit-mm-per-prompt") + 1]) == {"image": 1}
        assert command.split("&&", 1)[1].strip() in printed
    assert "proofdesk batch-import" in readme


def test_the_nodes_path_can_differ_from_the_desktops(sample_pdf: Path, tmp_path: Path) -> None:
    out = tmp_path / "job"
    assert prepare(sample_pdf, out, "--media-root", "/cluster/jobs/case 12") == 0
    url = lines(out / layout.REQUESTS)[0]["body"]["messages"][0]["content"][0]["image_url"]["url"]
    assert url == "file:///cluster/jobs/case%2012/images/p000001.jpg"
    assert "--allowed-local-media-path '/cluster/jobs/case 12/images'" in (
        out / layout.README
    ).read_text("utf-8")


def test_a_relative_media_root_is_refused(
    sample_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert prepare(sample_pdf, tmp_path / "job", "--media-root", "jobs/x") == 2
    assert "--media-root must be an absolute path" in capsys.readouterr().err
    assert not (tmp_path / "job").exists()


def test_max_tokens_are_fitted_into_the_context_and_say_so(
    sample_pdf: Path, tmp_path: Path
) -> None:
    out = tmp_path / "job"
    assert prepare(sample_pdf, out, "--max-model-len", "6000", "--max-tokens", "8000") == 0
    body = lines(out / layout.REQUESTS)[0]["body"]
    entry = layout.read_manifest(out).pages[0]
    assert body["max_completion_tokens"] == entry.max_tokens < 8000
    assert any("max tokens lowered" in note for note in entry.notes)


def test_a_page_that_cannot_fit_the_context_is_a_clear_error(
    sample_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert prepare(sample_pdf, tmp_path / "job", "--max-model-len", "1000") == 2
    err = capsys.readouterr().err
    assert "the server allows 1,000" in err and "--max-model-len" in err


def test_a_prepared_batch_is_never_overwritten(
    sample_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "job"
    assert prepare(sample_pdf, out) == 0
    before = (out / layout.REQUESTS).read_bytes()
    assert prepare(sample_pdf, out, "--max-tokens", "100") == 2
    assert "already holds a prepared batch" in capsys.readouterr().err
    assert (out / layout.REQUESTS).read_bytes() == before


def test_a_folder_with_other_files_is_refused_and_left_alone(
    sample_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me", "utf-8")
    assert prepare(sample_pdf, out) == 2
    assert "is not empty" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_an_interrupted_preparation_may_be_prepared_again(sample_pdf: Path, tmp_path: Path) -> None:
    out = tmp_path / "job"
    (out / layout.IMAGES).mkdir(parents=True)
    (out / ".proofdesk-preparing").touch()  # what a preparation stopped midway leaves
    (out / layout.REQUESTS).write_text('{"half": ', "utf-8")
    assert prepare(sample_pdf, out, "--pages", "2") == 0
    assert [r["custom_id"][-7:] for r in lines(out / layout.REQUESTS)] == ["p000002"]


def test_default_params_are_the_live_paths(sample_pdf: Path, tmp_path: Path) -> None:
    out = tmp_path / "job"
    assert prepare(sample_pdf, out) == 0
    assert layout.read_manifest(out).params == SamplingParams().as_dict()


def test_a_page_that_cannot_be_drawn_is_left_out_and_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = tmp_path / "thin.pdf"
    with pymupdf.open() as doc:
        doc.new_page(width=595, height=842).insert_text((72, 72), "第一頁")
        doc.new_page(width=4, height=2000)  # too long and narrow for any image processor
        doc.new_page(width=595, height=842).insert_text((72, 72), "第三頁")
        doc.save(pdf)
    out = tmp_path / "job"
    assert prepare(pdf, out) == 3
    assert "page 2: left out — Page 2 cannot be sent to the model" in capsys.readouterr().err
    assert [r["custom_id"][-7:] for r in lines(out / layout.REQUESTS)] == ["p000001", "p000003"]
    manifest = layout.read_manifest(out)
    assert [p.page for p in manifest.pages] == [0, 2]
    assert [s["page"] for s in manifest.extra["skipped"]] == [1]
