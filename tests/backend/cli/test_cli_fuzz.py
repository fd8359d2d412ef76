"""Fuzz: every subcommand's options with hostile values, and hostile import files.

Each example runs ``backend.cli.commands.main(argv)`` in this process, output
captured. Values are the ones that broke the CLI before: NaN, infinities,
negatives, numbers of thousands of digits, lone surrogates (what Python makes of
argv bytes that are not UTF-8, via ``os.fsdecode``), escape sequences, JSON
nested past the recursion limit. Whatever the input, the CLI must answer with an
exit code it documents (0, 2 for bad input, 3 for pages that failed), a bad
input as exactly one line on stderr, no traceback and no raw control character.
Exit 70 (an unexpected exception caught at the top) fails the test: it is a bug.

No network is touched: ``--server`` always names a closed loopback port, and a
guard refuses (and records) any connection or name lookup beyond loopback.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.backend.cli.cli_fuzz_support import (
    COMMON,
    FUZZ_SETTINGS,
    Workspace,
    check_cli,
    hostile_bytes,
    hostile_number,
    hostile_text,
    options,
    safe_name,
    selectors,
    undecodable,
)


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return Workspace(tmp_path_factory.mktemp("cli-fuzz"))


@FUZZ_SETTINGS
@given(data=st.data())
def test_info_and_status(ws: Workspace, data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(["info", "status"]))
    argv = [
        command,
        str(ws.pdf),
        "--store",
        ws.store("test_info_and_status"),
        *data.draw(options(COMMON)),
    ]
    check_cli(argv)


@FUZZ_SETTINGS
@given(data=st.data())
def test_ocr(ws: Workspace, data: st.DataObject) -> None:
    prompt = ws.file(data.draw(hostile_bytes), "prompt.txt")
    spec = COMMON | {
        "--model": hostile_text,
        "--pages": hostile_text,
        "--only": st.sampled_from(["unprocessed", "failed"]) | hostile_text,
        "--concurrency": hostile_number,
        "--prompt": st.sampled_from([prompt, str(ws.files / "missing.txt")]),
        "--max-tokens": hostile_number,
        "--max-pixels": hostile_number,
        "--api-key-env": hostile_text,
        "--timeout": hostile_number,
        "--resume": "flag",
        "--force": "flag",
        "--allow-plain-http": "flag",
    }
    # The host is always the closed loopback port; what follows it is hostile.
    server = ws.server + data.draw(st.sampled_from(["", "/"]) | hostile_text.map("/".__add__))
    argv = ["ocr", str(ws.pdf), "--store", ws.store("test_ocr"), "--server", server]
    check_cli(argv + data.draw(options(spec)))


@FUZZ_SETTINGS
@given(data=st.data())
def test_alt_import(ws: Workspace, data: st.DataObject) -> None:
    # Only the import engine: the others start OCR processes (seconds per example).
    name = data.draw(st.sampled_from(["alt.txt", "alt.jsonl", "alt.md"]))
    source = ws.file(data.draw(hostile_bytes), name)
    spec = COMMON | {
        "--pages": hostile_text,
        "--dpi": hostile_number,
        "--as-transcript": "flag",
        "--tesseract-cmd": hostile_text,
    }
    argv = [
        "alt",
        str(ws.pdf),
        "--store",
        ws.store("test_alt_import"),
        "--engine",
        "import",
        "--from",
        source,
    ]
    check_cli(argv + data.draw(options(spec)))


@FUZZ_SETTINGS
@given(data=st.data())
def test_export(ws: Workspace, data: st.DataObject) -> None:
    # Only names inside the workspace: a hostile "../x" must not write elsewhere.
    output = data.draw(
        safe_name.map(lambda n: str(ws.out / n))
        | undecodable.filter(lambda n: "/" not in n and n not in (".", "..")).map(
            lambda n: str(ws.out / n)
        )
        | st.sampled_from([str(ws.pdf), ws.store("test_export"), str(ws.out)])
    )
    spec = COMMON | {
        "--pages": hostile_text,
        "--approved-only": "flag",
        "--strip-markers": "flag",
        "--separator": hostile_text,
        "--force": "flag",
    }
    fmt = data.draw(st.sampled_from(["txt", "md", "jsonl", "report"]))
    argv = [
        "export",
        str(ws.pdf),
        "--store",
        ws.store("test_export"),
        "--format",
        fmt,
        "-o",
        output,
    ]
    check_cli(argv + data.draw(options(spec)))


@FUZZ_SETTINGS
@given(data=st.data())
def test_compare(ws: Workspace, data: st.DataObject) -> None:
    transcript = ws.file(data.draw(hostile_bytes), "transcript.txt")
    alternate = ws.file(data.draw(hostile_bytes), "alternate.txt")
    spec = COMMON | {"--fresh": "flag"}
    argv = ["compare", str(ws.pdf), "--store", ws.store("test_compare"), "--transcript", transcript]
    argv += ["--page", data.draw(hostile_number), "--alternate", alternate]
    check_cli(argv + data.draw(options(spec)))


@FUZZ_SETTINGS
@given(data=st.data())
def test_eval(ws: Workspace, data: st.DataObject) -> None:
    gold = ws.files / "gold"
    gold.mkdir(exist_ok=True)
    (gold / "page-1.txt").write_bytes(data.draw(hostile_bytes))
    side = st.one_of(selectors, st.just(str(gold)))
    argv = ["eval", str(ws.pdf), "--store", ws.store("test_eval"), "--a", data.draw(side)]
    argv += ["--b", data.draw(side), *data.draw(options(COMMON | {"--pages": hostile_text}))]
    check_cli(argv)
