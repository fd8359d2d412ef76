"""The offline engines have one registry: ``proofdesk alt``, ``compare`` and ``status``,
the runner and its worker read it, no module repeats the list of names, and a name it
does not hold is an error that says so (in the user's language), at once."""

from __future__ import annotations

import argparse
import ast
import asyncio
from pathlib import Path

import pytest

from backend import i18n
from backend.cli import commands as cli
from backend.cli.risk import alternate_selector
from backend.documents.pdf import open_pdf
from backend.engines.offline import (
    AltOcrRunner,
    AltOptions,
    UnknownEngineError,
    engine_names,
    engine_problem,
    engine_spec,
)
from backend.engines.offline.imported import IMPORT
from backend.engines.offline.registry import ENGINES
from backend.errors import ProofDeskError
from tests.conftest import DATA, ROOT, SAMPLE_PDF

DIGITAL_PDF = DATA / "legal-sample.digital.pdf"


def _hand_lists(source: str) -> list[int]:
    """Lines of the tuples, lists, sets and dict keys that name two engines or more."""
    names = set(engine_names())
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            items: list[ast.expr | None] = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = list(node.keys)
        else:
            continue
        named = {i.value for i in items if isinstance(i, ast.Constant) and i.value in names}
        if len(named) >= 2:
            found.append(node.lineno)
    return found


def _option(command: str, dest: str) -> argparse.Action:
    parser = cli.build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return next(a for a in subparsers.choices[command]._actions if a.dest == dest)


def test_the_commands_offer_the_registry_s_engines() -> None:
    assert engine_names() == tuple(spec.name for spec in ENGINES) and len(set(engine_names())) > 1
    assert tuple(_option("alt", "engine").choices or ()) == (*engine_names(), IMPORT)
    help_text = str(_option("compare", "alternate").help)
    assert all(name in help_text for name in engine_names())
    for name in engine_names():  # status compares with each engine's stored reading
        assert alternate_selector(name) == "engine:" + name
    with pytest.raises(ProofDeskError):
        alternate_selector("nonsense")


def test_no_module_writes_out_the_list_of_engines() -> None:
    registry = ROOT / "backend" / "engines" / "offline" / "registry.py"
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("backend", "gui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != registry
        for n in _hand_lists(path.read_text("utf-8"))
    ]
    assert found == [], "engine names listed outside the registry:\n" + "\n".join(found)


def test_an_unknown_engine_is_an_error_that_lists_the_engines() -> None:
    for name in ("nonsense", IMPORT, "RapidOCR", ""):
        with pytest.raises(UnknownEngineError):
            engine_spec(name)
        with pytest.raises(UnknownEngineError):
            engine_problem(name)
    i18n.set_language("zh_TW")  # conftest puts English back
    with pytest.raises(UnknownEngineError) as caught:
        engine_spec("nonsense")
    message = str(caught.value)
    assert "nonsense" in message and all(name in message for name in engine_names())
    assert "is not an engine that reads pages" not in message  # the catalogue's, not the template


def test_the_runner_refuses_an_unknown_engine_at_once_without_a_worker() -> None:
    runner = AltOcrRunner()
    try:
        with pytest.raises(UnknownEngineError):  # not one failed reading per page
            asyncio.run(runner.run_pages(SAMPLE_PDF, [0, 1, 2], IMPORT))
        with pytest.raises(UnknownEngineError):
            asyncio.run(runner.warm_up("nonsense"))
        assert runner.worker_pids() == [] and runner._pool is None
    finally:
        runner.close()


def test_each_engine_says_whether_it_can_run_and_its_readings_name_it() -> None:
    for spec in ENGINES:
        problem = spec.problem(AltOptions(tesseract_cmd="/nonexistent/tesseract"))
        assert problem is None or (isinstance(problem, str) and problem)
    assert engine_spec("tesseract").problem(AltOptions(tesseract_cmd="/nonexistent/x"))
    text_layer = engine_spec("textlayer")  # the one engine cheap enough to run in a test
    assert not text_layer.reads_scans and text_layer.problem(AltOptions()) is None
    doc = open_pdf(DIGITAL_PDF)
    try:
        reading = text_layer.read(doc, 0, AltOptions())
    finally:
        doc.close()
    assert reading.engine == text_layer.name and reading.text and reading.page == 0


def test_compare_names_the_engines_when_the_alternate_is_neither(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["compare", str(SAMPLE_PDF), "--page", "1", "--alternate", "no-such-engine"]
    assert cli.main([*args, "--store", str(tmp_path / "s.sqlite3")]) != 0
    err = capsys.readouterr().err
    assert "neither an engine" in err and all(name in err for name in engine_names())
