"""RapidOCR leaves no trace (issue 4): onnxruntime 1.32 writes a device id under
~/.cache/Microsoft and uploads usage events unless ``ORT_DISABLE_TELEMETRY=1`` is
set before it is imported; ProofDesk imports it only in its OCR worker, which sets it.

A real app-like process reads page 1 with RapidOCR in a fresh HOME and cache
folder, with ``CI`` unset (onnxruntime may keep quiet under CI) and without the
variable in its environment; afterwards no file may exist there. The same
process shows onnxruntime never enters the app's own process, also not while
importing the backend or reading a text layer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import DATA, ROOT, SAMPLE_PDF

ALLOWED: tuple[str, ...] = ()  # files the run may leave in HOME, relative to it (none)

APP_SCRIPT = """
import asyncio, json, sys

def loaded():
    return sorted(m for m in ("onnxruntime", "rapidocr", "cv2") if m in sys.modules)

async def main(scan, digital):
    import backend, backend.cli.commands, backend.cli.alt, backend.session.document_session
    from backend.engines.offline import AltOcrRunner, AltOptions
    from backend.engines.offline.textlayer import read_text_layer
    from backend.documents.pdf import open_pdf

    after = {"import": loaded()}
    doc = open_pdf(digital)
    read_text_layer(doc, 0)
    doc.close()
    runner = AltOcrRunner(AltOptions(dpi=72))  # a quick read: loading the models is the point
    try:
        await runner.run_page(digital, 0, "textlayer")
        after["textlayer"] = loaded()
        reading = await runner.run_page(scan, 0, "rapidocr")
        after["rapidocr"] = loaded()
    finally:
        runner.close()
    print(json.dumps({"loaded": after, "chars": len(reading.text)}))

if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


def _files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if not p.is_dir())


def test_rapidocr_writes_nothing_and_stays_out_of_the_app_process(tmp_path: Path) -> None:
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    tmp.mkdir()
    script = tmp_path / "app.py"
    script.write_text(APP_SCRIPT, "utf-8")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("XDG_", "PROOFDESK_", "ORT_")) and k not in ("CI", "PYTHONPATH")
    }
    env.update(
        HOME=str(home),
        XDG_CACHE_HOME=str(home / ".cache"),
        TMPDIR=str(tmp),
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, str(script), str(SAMPLE_PDF), str(DATA / "legal-sample.digital.pdf")],
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["chars"] > 100  # RapidOCR really ran and read the page
    assert result["loaded"] == {"import": [], "textlayer": [], "rapidocr": []}
    assert [f for f in _files(home) if f not in ALLOWED] == []
    assert _files(tmp) == []
    assert "[RapidOCR]" not in done.stderr  # its coloured INFO lines are silenced
