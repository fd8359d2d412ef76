"""Take a real screenshot of ProofDesk under Xvfb for the README.

    xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python scripts/screenshot.py OUT.png

Opens the sample document with the sample VLM-style transcripts imported into a
throwaway store, waits for the first page to be painted, and grabs the screen.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PROOFDESK_DATA_DIR", tempfile.mkdtemp(prefix="proofdesk-shot-"))

from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import qasync  # noqa: E402  isort: skip

from gui.app import SAMPLE_PDF, build_window, parse_args  # noqa: E402

TRANSCRIPTS = ROOT / "tests" / "data" / "legal-sample.vlm-style.jsonl"


async def shoot(out: Path, page: int) -> None:
    window = build_window(parse_args([]))
    window.resize(1580, 960)
    window.move(10, 10)
    window.show()
    await window.opener.open(SAMPLE_PDF)
    ws = window.controller.workspace
    assert ws is not None
    await ws.import_transcripts(TRANSCRIPTS)
    window.controller.go_to(page)
    for _ in range(100):
        await asyncio.sleep(0.1)
        if window.controller.current == page and window.page_view._has_image:
            break
    # A reviewer's correction, so the history panel shows a real diff.
    text = window.editor.text()
    if len(text) > 40:
        window.editor.editor.setPlainText(
            text.replace("貳年", "參年", 1) + "\n（校對註：核對原本）"
        )
        await window.controller.save_now()
        await window.controller.refresh_history()
        model = window.history.model
        selection = window.history.list.selectionModel()
        for row in range(min(2, model.rowCount())):
            selection.select(model.index(row), selection.SelectionFlag.Select)
    await asyncio.sleep(1.5)  # thumbnails and the sharp render settle
    QGuiApplication.primaryScreen().grabWindow(0).save(str(out))
    await window.controller.detach()
    print(f"wrote {out}")


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshot.png")
    out.parent.mkdir(parents=True, exist_ok=True)
    page = int(sys.argv[2]) - 1 if len(sys.argv) > 2 else 1
    app = QApplication.instance() or QApplication([])
    assert app is not None
    qasync.run(shoot(out, page))


if __name__ == "__main__":
    main()
