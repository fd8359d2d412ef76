"""The offline engines that read pages, in the order lists offer them (best first).

``proofdesk alt``, ``compare`` and ``status``, the runner and its worker, the
Compare dock and the offline transcript all read ``ENGINES``, so a new engine
is its module plus one line here. ``engine_spec`` turns a name from outside
(the command line, settings, a job) into its spec, and an unknown name into an
error that lists the engines. (``import``, text made elsewhere, reads no page:
it is not here.)
"""

from __future__ import annotations

from backend.engines.offline import rapidocr_engine, tesseract_engine, textlayer
from backend.engines.offline.base import AltOcrError
from backend.engines.offline.engine_spec import EngineSpec
from backend.i18n import _

ENGINES: tuple[EngineSpec, ...] = (
    rapidocr_engine.ENGINE,
    tesseract_engine.ENGINE,
    textlayer.ENGINE,
)


class UnknownEngineError(AltOcrError):
    """No offline engine that reads pages has this name."""


def engine_names() -> tuple[str, ...]:
    return tuple(spec.name for spec in ENGINES)


def engine_spec(name: object) -> EngineSpec:
    """The engine called ``name``; ``UnknownEngineError`` (listing the engines) if none is."""
    for spec in ENGINES:
        if spec.name == name:
            return spec
    raise UnknownEngineError(
        _("“{value}” is not an engine that reads pages; the engines are: {names}.").format(
            value=name, names=", ".join(engine_names())
        )
    )
