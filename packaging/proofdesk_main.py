"""Entry point of the packaged app (pyside6-deploy / Nuitka compile this file).

It is ``gui.entry.main`` under another name, kept in ``packaging/`` so that
pyside6-deploy's scratch folder (``deployment/`` beside the entry file) lands
here and not inside the ``gui`` package. The render and OCR workers are
``multiprocessing`` "spawn" children: in the built binary ``sys.executable`` is
the binary itself, and Nuitka's multiprocessing support routes the child's
start-up to the worker code before ``main`` runs (checked by packaging/build.sh,
which reads a page with RapidOCR in the built app).
"""

from __future__ import annotations

import multiprocessing
import sys

from gui.entry import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a no-op unless frozen; harmless with Nuitka's own hook
    sys.exit(main())
