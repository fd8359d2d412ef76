"""The VRAM planner's inputs read from disk: a model's config and index, the page size.

Shared by ``proofdesk plan`` and the GUI's planner window, so both read a model
folder the same way and fail with the same one-line ``PlanError``.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from backend.i18n import _
from backend.server.planner import MAX_PAGE_SIDE_PX, PlanError

A4_MM = (210.0, 297.0)
MM_PER_INCH = 25.4
DEFAULT_DPI = 150
INDEX_NAME = "model.safetensors.index.json"
MAX_DPI = 10_000
# A checkpoint of a petabyte is no model anyone serves; past it the sums lose precision.
MAX_TOTAL_SIZE = 2**50
_SIDE = re.compile(r"\s*([0-9]{1,9})\s*")  # ASCII digits: str.isdigit() takes "²" too


def model_paths(config: Path, index: Path | None) -> tuple[Path, Path | None]:
    """A config.json and its safetensors index; a model folder stands for both."""
    if config.is_dir():
        folder = config
        config = folder / "config.json"
        if index is None and (folder / INDEX_NAME).is_file():
            index = folder / INDEX_NAME
    return config, index


def read_json(path: Path) -> dict[str, Any]:
    """A JSON object from ``path``, or a ``PlanError`` that says what is wrong with it."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PlanError(_("no such file: {path}").format(path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise PlanError(
            _("cannot read {path}: {reason}").format(path=path, reason=reason)
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PlanError(
            _("{path} is not valid JSON (line {lineno}: {msg})").format(
                path=path, lineno=exc.lineno, msg=exc.msg
            )
        ) from None
    except RecursionError:
        raise PlanError(
            _("{path} is not a model config: it is nested too deeply").format(path=path)
        ) from None
    except ValueError:  # a number of more than 4,300 digits
        raise PlanError(
            _("{path} is not a model config: it holds a number too long").format(path=path)
        ) from None
    if not isinstance(data, dict):
        raise PlanError(_("{path} is not a model config: expected a JSON object").format(path=path))
    return data


def total_size_of(index: dict[str, Any], path: Path) -> int:
    """The weights' size in bytes, from a safetensors index's metadata."""
    metadata = index.get("metadata")
    size = metadata.get("total_size") if isinstance(metadata, dict) else None
    if isinstance(size, bool) or not isinstance(size, int | float) or not size > 0:
        raise PlanError(
            _("{path} is not a safetensors index: it has no metadata.total_size").format(path=path)
        )
    if not (math.isfinite(size) and size <= MAX_TOTAL_SIZE):
        raise PlanError(
            _("{path} says the weights take more than a petabyte; check the file").format(path=path)
        )
    return int(size)


def page_px(page_size: str | None, dpi: int | None) -> tuple[int, int]:
    """A page's size in pixels: ``WxH`` as typed, or an A4 page at ``dpi``."""
    if page_size is not None:
        parts = [_SIDE.fullmatch(p) for p in page_size.lower().replace("×", "x").split("x")]
        if len(parts) != 2 or None in parts:
            raise PlanError(
                _("page size should look like 1240x1754, not {page_size!r}").format(
                    page_size=page_size
                )
            )
        width, height = (int(p[1]) for p in parts if p is not None)
        if width < 1 or height < 1:
            raise PlanError(_("page width and height must be at least 1 px"))
        if width > MAX_PAGE_SIDE_PX or height > MAX_PAGE_SIDE_PX:
            raise PlanError(
                _("page width and height must be at most {MAX_PAGE_SIDE_PX:,} px").format(
                    MAX_PAGE_SIDE_PX=MAX_PAGE_SIDE_PX
                )
            )
        return width, height
    dots = DEFAULT_DPI if dpi is None else dpi
    if dots < 1:
        raise PlanError(_("dpi must be at least 1, not {dots}").format(dots=dots))
    if dots > MAX_DPI:
        raise PlanError(
            _("dpi must be at most {MAX_DPI:,}, not {dots}").format(MAX_DPI=MAX_DPI, dots=dots)
        )
    width_mm, height_mm = A4_MM
    return round(width_mm / MM_PER_INCH * dots), round(height_mm / MM_PER_INCH * dots)
