"""The packaged app draws the statistics' charts (issue 26): nothing in the spec keeps
matplotlib out, the build script checks matplotlib's data in the built folder and runs
``proofdesk stats`` and the review report on a store ``seed_stats.py`` writes; here, in the
venv, that store gives the figures and the five charts the script expects."""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path
from types import ModuleType

import pytest

from backend.cli.commands import main
from tests.conftest import ROOT

PACKAGING = ROOT / "packaging"
BUILD_SH = PACKAGING / "build.sh"


def _seed_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("seed_stats", PACKAGING / "seed_stats.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_spec_keeps_matplotlib_and_its_plugin() -> None:
    spec = (PACKAGING / "pysidedeploy.spec").read_text(encoding="utf-8")
    extra = next(line for line in spec.splitlines() if line.startswith("extra_args = "))
    args = shlex.split(extra.removeprefix("extra_args = "))
    # Nuitka's matplotlib plugin (always on) ships mpl-data and fixes the backend; the
    # package goes in as bytecode (no C to compile), never left out.
    named = [a for a in args if "matplotlib" in a]
    assert named == ["--noinclude-custom-mode=matplotlib:bytecode"]
    assert "--disable-plugin=matplotlib" not in args


def test_the_build_checks_matplotlib_s_data_and_runs_stats_and_the_report() -> None:
    script = BUILD_SH.read_text(encoding="utf-8")
    assert "matplotlib/mpl-data/matplotlibrc" in script
    assert "matplotlib/mpl-data/fonts/ttf/DejaVuSans.ttf" in script
    assert 'packaging/seed_stats.py "$SMOKE/stats.db"' in script
    assert 'run_app "$EXE" import --store "$SMOKE/stats.db"' in script
    assert 'run_app "$EXE" stats ' in script
    assert re.search(r'run_app "\$EXE" export --format report --lang zh_TW', script)
    assert '[ "$charts" -eq 5 ]' in script
    assert "missing from font" in script  # matplotlib's warning for a face without a glyph


def test_the_seeded_store_has_the_figures_and_charts_the_build_checks(
    sample_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "stats.db"
    transcripts = ROOT / "resources" / "samples" / "legal-sample.vlm-style.jsonl"
    # As build.sh: the app makes the store, the seed adds rows.
    assert main(["import", str(sample_pdf), "--store", str(store), "--from", str(transcripts)]) == 0
    _seed_module().seed(store)
    assert main(["stats", str(sample_pdf), "--store", str(store)]) == 0
    out = capsys.readouterr().out
    assert "7 pages: 5 approved" in out
    model = _seed_module().MODELS[1][0]
    assert model in out and model in BUILD_SH.read_text(encoding="utf-8")
    report = tmp_path / "report.html"
    args = ["export", str(sample_pdf), "--store", str(store), "--format", "report"]
    assert main([*args, "-o", str(report)]) == 0
    assert report.read_text(encoding="utf-8").count("data:image/png;base64,") == 5
