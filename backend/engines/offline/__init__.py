"""Alternate OCR: second readings of a page from offline engines, to compare against.

    RapidOCR   PP-OCR ONNX models shipped in the wheel (runs in a worker process only)
    Tesseract  the system's ``tesseract`` program with Traditional Chinese data
    textlayer  the PDF's own text layer
    import     a text file made elsewhere

``AltOcrRunner`` reads pages in a spawned worker and returns ``AltReading``s
(an ``AltText`` plus provenance); ``store_alt_text`` stores one as an
``alternate`` version, or as the working transcript when no VLM is available.
Importing this package never imports onnxruntime.
"""

from backend.engines.offline.base import (
    AltEngine,
    AltOcrError,
    AltOptions,
    AltReading,
    EngineMissingError,
)
from backend.engines.offline.imported import read_imported
from backend.engines.offline.runner import AltOcrRunner, ProgressCallback, engine_problem
from backend.engines.offline.storing import latest_alternate, load_alt_text, store_alt_text

__all__ = [
    "AltEngine",
    "AltOcrError",
    "AltOcrRunner",
    "AltOptions",
    "AltReading",
    "EngineMissingError",
    "ProgressCallback",
    "engine_problem",
    "latest_alternate",
    "load_alt_text",
    "read_imported",
    "store_alt_text",
]
