"""Guard against a Qt binding that leaks references to None/True (PySide6 6.12.0 on
Python 3.11 did: the interpreter aborted after a few thousand widget calls)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QLabel


class _Emitter(QObject):
    fired = Signal(bool)


def test_void_calls_and_emits_keep_their_references(qapp: QApplication) -> None:
    label = QLabel()
    emitter = _Emitter()
    emitter.fired.connect(lambda _v: None)
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(500):
        label.setText("x")
        label.setEnabled(True)
        emitter.fired.emit(True)
    # Other code may take references meanwhile; a leak loses hundreds.
    assert sys.getrefcount(None) > none_before - 100
    assert sys.getrefcount(True) > true_before - 100
