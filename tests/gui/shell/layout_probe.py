"""Run in a child process on an offscreen screen of a given size (``layout_screen``):
build the real window on the sample, open the docks a reviewer opens, and print the
window's geometry after each step as JSON lines, for ``test_layout_fit``.

    QT_QPA_PLATFORM=offscreen:configfile=SCREEN.json \\
        python -m tests.gui.shell.layout_probe STORE [LANG]
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QDockWidget

from gui.app import build_window, install_translations, parse_args
from gui.launch_args import SAMPLE_PDF
from gui.services import qloop
from tests.gui.shell.dock_fit import raised_docks


def _rect(w, widget) -> list[int]:  # type: ignore[no-untyped-def]
    top_left = widget.mapTo(w, widget.rect().topLeft())
    return [top_left.x(), top_left.y(), widget.width(), widget.height()]


async def settled(w) -> None:  # type: ignore[no-untyped-def]
    """Until the window's layout stops moving (a loaded machine lays out late)."""
    last = None
    for _ in range(100):
        await asyncio.sleep(0.1)
        QApplication.processEvents()
        now = [w.frameGeometry(), w.centralWidget().geometry()]
        now += [d.geometry() for d in w.findChildren(QDockWidget)]
        if now == last:
            return
        last = now


def report(step: str, w) -> None:  # type: ignore[no-untyped-def]
    QApplication.processEvents()
    frame, inner = w.frameGeometry(), w.geometry()
    avail = w.screen().availableGeometry()
    row = {
        "step": step,
        "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
        "inner": [inner.x(), inner.y(), inner.width(), inner.height()],
        "screen": [avail.x(), avail.y(), avail.width(), avail.height()],
        "status_bar_bottom": w.statusBar().mapTo(w, w.statusBar().rect().bottomLeft()).y(),
        "central_height": w.centralWidget().height(),
        "status_bar": _rect(w, w.statusBar()),
        "docks": {
            d.objectName(): _rect(w, d)
            for d in w.findChildren(QDockWidget)
            if d.isVisible() and not d.isFloating() and not d.visibleRegion().isEmpty()
        },
        "floating": [d.objectName() for d in w.findChildren(QDockWidget) if d.isFloating()],
        "splitter": w.splitter.sizes(),
        "fit": raised_docks(w),
    }
    print(json.dumps(row), flush=True)


async def main(store: Path) -> None:
    w = build_window(parse_args([str(SAMPLE_PDF), "--store", str(store)]))
    w.show()
    w.onboarding.first_run()  # what a new user sees first: the Getting Started panel too
    assert await w.opener.open(SAMPLE_PDF)
    view = w.page_view
    for _ in range(1200):  # the sharp render, not the first preview (a busy machine: 60 s)
        await asyncio.sleep(0.05)
        if view._has_image and abs(view._pixmap_scale - view.wanted_scale()) < 1e-3:
            break
    pixmap = view.page_pixmap()
    assert pixmap is not None
    # Device pixels of the page image per logical pixel it covers on screen.
    shown = pixmap.width() / pixmap.devicePixelRatio() * view._item.scale()
    crisp = {"dpr": view.devicePixelRatioF(), "device_px_per_logical": pixmap.width() / shown}
    for _ in range(1200):  # the page list's first thumbnail
        if (thumb := w.page_list_model._thumbs.get(0)) is not None:
            crisp["thumbnail_dpr"] = thumb.devicePixelRatio()
            break
        await asyncio.sleep(0.05)
    print(json.dumps({"step": "page_image", **crisp}), flush=True)
    await settled(w)
    report("opened", w)
    acts = w.actions_by_name
    for name in ("ocr_dock", "compare", "review_queue", "ocr_batch", "search_dock"):
        action = acts[name]
        if action.isCheckable() and action.isChecked():
            continue
        action.trigger()
        await settled(w)
        report(name, w)
    # What Reset Layout must undo besides the docks opened: a dock floated off the
    # window, the panes dragged to one side.
    floated = w.findChild(QDockWidget, "dock-compare")
    if floated is not None:
        floated.setFloating(True)
    w.splitter.setSizes([600, 50, 50])
    await settled(w)
    if "reset_layout" in acts:
        acts["reset_layout"].trigger()
    await settled(w)
    report("reset_layout", w)
    # The docks opened again after Reset Layout, one by one: each must fit as it comes.
    for name in ("compare", "review_queue", "ocr_dock", "ocr_batch", "show_history"):
        acts[name].trigger()
        await settled(w)
        report(f"after_reset:{name}", w)
    await w.controller.detach(force=True)
    await w.ocr.aclose()
    await w.aids.aclose()


if __name__ == "__main__":
    app = QApplication.instance() or QApplication([sys.argv[0]])
    install_translations(app, sys.argv[2] if len(sys.argv) > 2 else "en")
    qloop.run(main(Path(sys.argv[1])))
