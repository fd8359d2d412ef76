"""A version's provenance: how it was made, as a typed value with a lossless dict form.

The stores keep provenance as a JSON object (``Version.provenance``, no schema of
its own), written over the years by every engine, importer and ProofDesk release.
``Provenance`` reads the keys the code decides on as typed fields, so a reader
writes ``version.origin.engine`` rather than ``str(prov.get("engine") or "")``
in twenty places that each spell the key and the fallback their own way.

Lossless: a key the code does not know, or a known key holding a value of another
type (an old or a hand-made record), stays in ``extra`` exactly as stored, so
``Provenance.from_dict(d).to_dict() == d`` for any JSON object, keys in the same
order (the embedded store keeps the JSON text as written: a writer that now builds
a ``Provenance`` stores the very text it stored as a dict).

Writers (engines, importers, restores) build ``Provenance`` values; the stores turn
them into the dict form as they write (``stored_form``), and nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

# The typed fields, and the JSON types each admits (bool is an int to Python: refused).
_KINDS: dict[str, tuple[type, ...]] = {
    "engine": (str,),
    "engine_version": (str,),
    "model": (str,),
    "prompt_sha256": (str,),
    "notice": (str,),
    "latency_s": (int, float),
    "restored_from": (int,),
    "image": (dict,),
    "render": (dict,),
    "batch": (dict,),
    "lines": (list,),
    "logprobs": (list,),
}


def _fits(value: Any, kinds: tuple[type, ...]) -> bool:
    return isinstance(value, kinds) and not isinstance(value, bool)


@dataclass(frozen=True)
class Provenance:
    """How a version was made. ``None``: the key is absent (or not of its type: ``extra``)."""

    engine: str | None = None  # "vllm", "rapidocr", "import", ...
    engine_version: str | None = None
    model: str | None = None
    prompt_sha256: str | None = None
    notice: str | None = None  # an offline engine's word on this reading
    latency_s: float | None = None
    restored_from: int | None = None  # a restore: the version it brought back
    image: dict[str, Any] | None = None  # the page image read: size, digest
    render: dict[str, Any] | None = None  # an offline engine's rendering (dpi, ...)
    batch: dict[str, Any] | None = None  # an offline batch's result line
    lines: list[Any] | None = None  # an offline engine's lines and boxes
    logprobs: list[Any] | None = None  # [token, logprob, bytes] per token
    extra: Mapping[str, Any] = field(default_factory=dict)  # every other key, as stored
    # The keys in the order they were given or stored: the dict form keeps it.
    order: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Provenance:
        known = {k: v for k, v in raw.items() if k in _KINDS and _fits(v, _KINDS[k])}
        extra = {k: v for k, v in raw.items() if k not in known}
        return cls(**known, extra=extra, order=tuple(raw))

    @classmethod
    def of(cls, **items: Any) -> Provenance:
        """A writer's provenance, its keys in the order given (typed where known)."""
        return cls.from_dict(items)

    def with_items(self, **items: Any) -> Provenance:
        """These keys set (a new key goes last, a key already there keeps its place)."""
        return Provenance.from_dict({**self.to_dict(), **items})

    def without(self, *keys: str) -> Provenance:
        kept = self.to_dict()
        for key in keys:
            kept.pop(key, None)
        return Provenance.from_dict(kept)

    def to_dict(self) -> dict[str, Any]:
        """The stored form: ``extra`` and every typed field that is set, in ``order``."""
        out = dict(self.extra)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _KINDS and value is not None:
                out[f.name] = value
        placed = {key: out.pop(key) for key in self.order if key in out}
        return placed | out  # a key set since (``dataclasses.replace``) goes last

    @property
    def image_sha256(self) -> str:
        """The digest of the page image read ("" when not recorded)."""
        return str(self.image.get("sha256", "")) if self.image is not None else ""


ProvenanceLike = Provenance | Mapping[str, Any]


def stored_form(provenance: ProvenanceLike) -> dict[str, Any]:
    """The dict a store writes (a store's boundary; a test may hand in a stored row's dict)."""
    return provenance.to_dict() if isinstance(provenance, Provenance) else dict(provenance)
