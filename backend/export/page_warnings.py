"""A page's reading warnings, as the batch panel and ``proofdesk ocr`` show them:
cut off at the token limit, an empty answer, only thinking and no transcript.

The batch stores its warnings with the reading (``provenance["warnings"]``); a
reading stored without them (an older store, a single re-run) still says it was
cut off (``truncated``) or empty. Only the working reading's count: a person's
edit or a restored version is the page's text now.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from backend.engines.base import at_token_limit, early_end_warning, ended_early
from backend.i18n import _, list_join
from backend.safe_text import replaced_warning


def page_warnings(versions: Iterable[dict[str, Any]], text: str | None = None) -> list[str]:
    """The warnings of the page's current version if it is a machine reading;
    ``text``, the page's text, tells an empty answer from one with text."""
    current = next((v for v in versions if v.get("current")), None)
    if current is None or current.get("kind") != "ocr":
        return []
    warnings = [str(w) for w in current.get("warnings") or ()]
    if warnings:
        return warnings
    reason = _text_or_none(current.get("finish_reason"))
    cut_off = bool(current.get("truncated") or at_token_limit(reason))
    empty = text is not None and not text.strip()
    if cut_off and empty:  # the budget went on thinking: no transcript at all
        warnings.append(
            _("The model used its whole token budget without writing any text: raise max tokens.")
        )
    elif cut_off:
        warnings.append(
            _("The answer was cut off at the token limit: the end of the page may be missing.")
        )
    elif ended_early(reason):
        warnings.append(early_end_warning(reason))  # "abort", "repetition"...
    if empty and not cut_off:
        warnings.append(_("The model returned no text: is the page blank?"))
    return warnings


def _text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None  # a store's JSON: anything


def replaced_notice(replaced: Iterable[tuple[int, int]]) -> str:
    """What an export says of the pages (0-based, count) whose text it had to admit."""
    pairs = list(replaced)
    pages = list_join(page + 1 for page, _count in pairs)
    count = sum(count for _page, count in pairs)
    return _("Page(s) {pages}: ").format(pages=pages) + replaced_warning(count)
