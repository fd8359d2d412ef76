"""What an offline engine is: its name, label, availability check, loading and reading.

Each engine's module ends with its ``EngineSpec``; ``registry`` lists them, and the
runner, the worker, ``proofdesk alt``/``compare``/``status`` and the GUI's engine
lists read that list and nothing else. An engine is a module plus one line in
``registry``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from backend.engines.offline.base import AltOptions, AltReading

if TYPE_CHECKING:
    from backend.documents.pdf import PdfDocument


@dataclass(frozen=True)
class EngineSpec:
    name: str  # stored in each reading's provenance ("engine"): never rename one
    label: str  # N_(): how lists and messages name it
    # In the app process, quick (no worker, no model loaded): None when the engine can
    # run on this machine, else what to install.
    problem: Callable[[AltOptions], str | None] = field(compare=False)
    # In the worker: builds the engine once (models, a program's checks); its version.
    load: Callable[[AltOptions], str] = field(compare=False)
    # In the worker: one page (0-based) of an open document.
    read: Callable[[PdfDocument, int, AltOptions], AltReading] = field(compare=False)
    # False for an engine that reads what the file holds (the text layer): on a scan
    # it has nothing to read, so it cannot make a working transcript.
    reads_scans: bool = True


def always_available(_options: AltOptions) -> str | None:
    return None


def nothing_to_load(_options: AltOptions) -> str:
    return ""
