"""A version's provenance: how it was made, as a typed value with a lossless dict form.

The stores keep provenance as a JSON object (``Version.provenance``, no schema of
its own), written over the years by every engine, importer and ProofDesk release.
``Provenance`` reads the keys the code decides on as typed fields, so a reader
writes ``version.origin.engine`` rather than ``str(prov.get("engine") or "")``
in twenty places that each spell the key and the fallback their own way.

Lossless: a key the code does not know, or a known key holding a value of another
type (an old or a hand-made record), stays in ``extra`` exactly as stored, so
``Provenance.from_dict(d).to_dict() == d`` for any JSON object.
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

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Provenance:
        known = {k: v for k, v in raw.items() if k in _KINDS and _fits(v, _KINDS[k])}
        extra = {k: v for k, v in raw.items() if k not in known}
        return cls(**known, extra=extra)

    def to_dict(self) -> dict[str, Any]:
        """The stored form: ``extra`` and every typed field that is set."""
        out = dict(self.extra)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _KINDS and value is not None:
                out[f.name] = value
        return out

    @property
    def image_sha256(self) -> str:
        """The digest of the page image read ("" when not recorded)."""
        return str(self.image.get("sha256", "")) if self.image is not None else ""
