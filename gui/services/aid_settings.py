"""What the review aids are computed with: the reviewer's saved choices (the
compare switches, the marker patterns, the low-confidence threshold) laid over
the backend's defaults.

Separate from ``aids_hub`` because none of it needs a signal, a task or the
open document: these are pure functions of ``GuiSettings`` and of the backend's
values. ``AidsHub`` caches what ``build_aid_settings`` returns and drops it when
the reviewer changes a choice; the strings a person reads stay in the hub.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from backend.review.page_aids import AidSettings
    from gui.services.settings import GuiSettings


def build_aid_settings(settings: GuiSettings) -> AidSettings:
    """The reviewer's saved choices over the backend's defaults."""
    from dataclasses import fields

    from backend.review.compare import CompareOptions
    from backend.review.markers import MarkerSet
    from backend.review.page_aids import AidSettings
    from backend.session.review_tables import default_options

    defaults = default_options()
    switches = {
        f.name for f in fields(CompareOptions) if isinstance(getattr(defaults, f.name), bool)
    }
    saved = {k: v for k, v in settings.compare_options.items() if k in switches}
    compare = replace(defaults, **saved)  # type: ignore[arg-type]  # only its bool fields
    patterns = settings.marker_patterns
    markers = MarkerSet.default() if patterns is None else MarkerSet.from_patterns(patterns)
    aid = AidSettings(compare=compare, markers=markers)
    threshold = settings.low_confidence
    return aid if threshold is None else replace(aid, low_confidence=threshold)


def compare_switches(aid: AidSettings) -> dict[str, bool]:
    """Every on/off normalisation switch of ``aid``'s compare options and whether it is on."""
    from dataclasses import fields

    options = {f.name: getattr(aid.compare, f.name) for f in fields(aid.compare)}
    return {k: v for k, v in options.items() if isinstance(v, bool)}


def marker_patterns(settings: GuiSettings) -> list[str]:
    """The reviewer's marker patterns, or the backend's defaults when none are saved."""
    from backend.review.markers import MarkerSet

    patterns = settings.marker_patterns
    return list(MarkerSet.default().patterns) if patterns is None else list(patterns)
