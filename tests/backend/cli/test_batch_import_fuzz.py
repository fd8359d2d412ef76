"""Fuzz: ``batch-prepare`` options and ``batch-import`` results files, hostile both.

A results file comes back from a machine ProofDesk does not control: lines of
garbage bytes, JSON of any shape, results whose fields hold escape sequences,
NaN, deep nesting or the wrong types. Whatever it holds, the import answers
with a documented exit code (0, 2 refused, 3 some pages failed), a refusal as
one line on stderr, no traceback and no raw control character
(``cli_fuzz_support.check_cli`` checks all of it). The same for prepare's options.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backend.cli.commands import main
from backend.ocr.batch_files import layout
from tests.backend.cli.cli_fuzz_support import (
    COMMON,
    FUZZ_SETTINGS,
    Workspace,
    check_cli,
    hostile_bytes,
    hostile_number,
    hostile_text,
    json_values,
    options,
)
from tests.backend.cli.hostile_server import EVIL

FEW = settings(FUZZ_SETTINGS, max_examples=120)


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return Workspace(tmp_path_factory.mktemp("batch-fuzz"))


@pytest.fixture(scope="module")
def job(ws: Workspace) -> tuple[Path, list[str]]:
    """A real prepared folder (2 pages) and its custom_ids."""
    folder = ws.root / "job"
    args = ["batch-prepare", str(ws.pdf), "--out", str(folder), "--pages", "1-2"]
    with pytest.MonkeyPatch.context() as env:  # the per-test data dir is not set up yet
        env.setenv("PROOFDESK_DATA_DIR", str(ws.root / "data"))
        env.setenv("PROOFDESK_LANG", "en")
        assert main([*args, "--store", str(ws.root / "prepare.sqlite3")]) == 0
    return folder, [p.custom_id for p in layout.read_manifest(folder).pages]


def _message(content: Any, finish: Any, usage: Any) -> dict[str, Any]:
    choice = {"index": 0, "message": {"role": "assistant", "content": content}}
    return {"choices": [choice | {"finish_reason": finish}], "model": EVIL, "usage": usage}


@st.composite
def result_line(draw: st.DrawFn, custom_ids: list[str]) -> bytes:
    kind = draw(st.sampled_from(["bytes", "json", "result"]))
    if kind == "bytes":
        return draw(hostile_bytes).replace(b"\n", b" ")
    if kind == "json":
        return json.dumps(draw(json_values)).encode()
    custom_id = draw(st.one_of(st.sampled_from(custom_ids), hostile_text, json_values))
    body = draw(
        st.one_of(
            json_values,
            st.builds(
                _message,
                st.one_of(
                    st.text(max_size=40), st.just(f"<think>{EVIL}</think>{EVIL}"), json_values
                ),
                st.one_of(st.sampled_from(["stop", "length", EVIL]), json_values),
                st.one_of(st.just({"prompt_tokens": 5, "completion_tokens": 3}), json_values),
            ),
        )
    )
    status = draw(st.one_of(st.just(200), st.integers(-5, 600), json_values))
    response = {"status_code": status, "request_id": "r", "body": body}
    error = draw(st.one_of(st.none(), hostile_text, json_values))
    line = {"id": draw(hostile_text), "custom_id": custom_id, "response": response, "error": error}
    return json.dumps(line, ensure_ascii=False, allow_nan=True).encode("utf-8", "surrogatepass")


@FEW
@given(data=st.data())
def test_batch_import_of_hostile_results(
    ws: Workspace, job: tuple[Path, list[str]], data: st.DataObject
) -> None:
    folder, custom_ids = job
    lines = data.draw(st.lists(result_line(custom_ids), max_size=4))
    results = folder / "results.jsonl"
    results.write_bytes(b"\n".join(lines) + b"\n")
    store = ws.store("test_batch_import_of_hostile_results")
    check_cli(
        ["batch-import", str(ws.pdf), str(results), "--store", store, *data.draw(options(COMMON))]
    )


PREPARE = COMMON | {
    "--model": hostile_text,
    "--shards": hostile_number,
    "--pages": hostile_text,
    "--max-model-len": hostile_number,
    "--max-tokens": hostile_number,
    "--max-pixels": hostile_number,
    "--media-root": hostile_text,
}


@FEW
@given(data=st.data())
def test_batch_prepare_with_hostile_options(ws: Workspace, data: st.DataObject) -> None:
    out = ws.out / f"job-{data.draw(st.integers(0, 10**9))}"
    argv = ["batch-prepare", str(ws.pdf), "--out", str(out), "--pages", "1"]
    argv += ["--store", ws.store("test_batch_prepare_with_hostile_options")]
    check_cli([*argv, *data.draw(options(PREPARE))])
