"""Baseline for the launch benchmark: the least a PySide6 app does before showing something.

QApplication + a shown QMainWindow; when its central widget is first painted it
prints ``bare-window-shown seconds=<float> rss_kb=<int>`` (seconds since the Unix
time in PROOFDESK_BENCH_T0) and quits. Run with QT_QPA_PLATFORM=offscreen.
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QTimer
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

T0 = float(os.environ.get("PROOFDESK_BENCH_T0", time.time()))


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Canvas(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self._reported = False

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(event.rect(), self.palette().base())
        painter.end()
        if not self._reported:
            self._reported = True
            seconds = time.time() - T0
            print(f"bare-window-shown seconds={seconds:.3f} rss_kb={rss_kb()}", flush=True)
            QTimer.singleShot(0, QApplication.quit)


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setCentralWidget(Canvas())
    window.resize(1200, 900)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
