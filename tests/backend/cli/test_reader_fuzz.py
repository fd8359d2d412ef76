"""Fuzz: hostile import files (JSONL, a folder of page files) and model configs for ``plan``.

The same contract as ``test_cli_fuzz.py`` (see ``cli_fuzz_support.check_cli``):
whatever the file holds — NaN, numbers of thousands of digits, JSON nested past
the recursion limit, lone surrogates, other encodings, links out of the folder —
the CLI answers with a documented exit code and at most one line per error.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.backend.cli.cli_fuzz_support import (
    FUZZ_SETTINGS,
    Workspace,
    any_number,
    check_cli,
    encode_lines,
    encodings,
    hostile_bytes,
    hostile_configs,
    hostile_lines,
    hostile_number,
    hostile_text,
    mostly,
    options,
    page_file_names,
    plausible_number,
    undecodable,
)


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return Workspace(tmp_path_factory.mktemp("cli-fuzz"))


@FUZZ_SETTINGS
@given(data=st.data())
def test_plan(ws: Workspace, data: st.DataObject) -> None:
    config = ws.file(data.draw(hostile_configs), "config.json")
    index = ws.file(data.draw(hostile_configs), "index.json")
    spec: dict[str, Any] = {
        "--index": st.just(index),
        "--gpu-memory-utilization": hostile_number,
        "--dtype": st.sampled_from(["bf16", "fp8", "int4"]) | hostile_text,
        "--kv-dtype": st.sampled_from(["auto", "fp8"]) | hostile_text,
        "--page-size": st.sampled_from(["1240x1754", "0x0", "1x300"]) | hostile_text,
        "--dpi": hostile_number,
        "--max-pixels": hostile_number,
        "--prompt-tokens": hostile_number,
        "--max-tokens": hostile_number,
        "--max-num-seqs": hostile_number,
        "--json": "flag",
    }
    gpu_gb = data.draw(mostly(plausible_number, any_number, 70))
    argv = ["plan", "--config", config, "--gpu-gb", gpu_gb]
    check_cli(argv + data.draw(options(spec)))


@FUZZ_SETTINGS
@given(data=st.data())
def test_import_jsonl(ws: Workspace, data: st.DataObject) -> None:
    lines = data.draw(st.lists(hostile_lines, min_size=1, max_size=4))
    name = data.draw(st.sampled_from(["t.jsonl"]) | undecodable.map(lambda n: n + ".jsonl"))
    if "/" in name:
        name = "t.jsonl"
    source = ws.file(encode_lines(lines, data.draw(encodings)), name)
    check_cli(["import", str(ws.pdf), "--store", ws.store("test_import_jsonl"), "--from", source])


@FUZZ_SETTINGS
@given(data=st.data())
def test_import_folder(ws: Workspace, data: st.DataObject) -> None:
    folder = ws.root / "pages"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for raw_name, content in data.draw(
        st.lists(st.tuples(page_file_names, hostile_bytes), max_size=4)
    ):
        stem = raw_name.replace(b"/", b"_").replace(b"\x00", b"_")
        if stem in (b".", b".."):
            continue
        suffix = data.draw(st.sampled_from([b".txt", b".md", b".TXT"]))
        (folder / os.fsdecode(stem + suffix)).write_bytes(content)
    if data.draw(st.booleans()):
        (folder / "page-2.txt").symlink_to(ws.pdf)  # a link out of the folder
    check_cli(
        ["import", str(ws.pdf), "--store", ws.store("test_import_folder"), "--from", str(folder)]
    )
