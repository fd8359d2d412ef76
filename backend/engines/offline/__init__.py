"""Alternate OCR: second readings of a page from offline engines, to compare against.

    RapidOCR   PP-OCR ONNX models shipped in the wheel (runs in a worker process only)
    Tesseract  the system's ``tesseract`` program with Traditional Chinese data
    textlayer  the PDF's own text layer
    import     a text file made elsewhere (reads no page)

The engines that read pages are ``registry.ENGINES`` (an ``EngineSpec`` each, from
the engine's module); everything that lists or runs engines reads it.

``AltOcrRunner`` reads pages in a spawned worker and returns ``AltReading``s
(an ``AltText`` plus provenance); ``store_alt_text`` stores one as an
``alternate`` version, or as the working transcript when no VLM is available.
Importing this package never imports onnxruntime.
"""

from backend.engines.offline.base import (
    AltOcrError,
    AltOptions,
    AltReading,
    EngineMissingError,
)
from backend.engines.offline.engine_spec import EngineSpec
from backend.engines.offline.imported import read_imported
from backend.engines.offline.registry import UnknownEngineError, engine_names, engine_spec
from backend.engines.offline.runner import AltOcrRunner, ProgressCallback, engine_problem
from backend.engines.offline.storing import latest_alternate, load_alt_text, store_alt_text

__all__ = [
    "AltOcrError",
    "AltOcrRunner",
    "AltOptions",
    "AltReading",
    "EngineMissingError",
    "EngineSpec",
    "ProgressCallback",
    "UnknownEngineError",
    "engine_names",
    "engine_problem",
    "engine_spec",
    "latest_alternate",
    "load_alt_text",
    "read_imported",
    "store_alt_text",
]
