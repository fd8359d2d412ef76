"""What each field of a chat answer must be before it is believed: pure checks.

Kept apart from ``openai_chat`` (which walks an answer's structure) because
these are the rules a hostile or broken server is held to, one field at a time:
``content`` is text or it is not an answer (a number, an object or a null
stored as an empty "done" page would hide a failure from the proofreader);
logprobs and token counts are finite numbers or they are dropped, with a
warning, since the text stays good without them.
"""

from __future__ import annotations

import enum
import math
from typing import Any

from backend.engines.base import TokenLogprob
from backend.errors import BadResponseError
from backend.i18n import N_, _

MAX_TOKEN_COUNT = 2**40  # past any context a model has: such a count is nonsense

LOGPROBS_DROPPED = N_(
    "The server's token confidences were not valid numbers, so they were "
    "left out; the text is kept."
)
USAGE_DROPPED = N_("The server's token counts were not valid numbers, so they were left out.")
REASONING_DROPPED = N_("The model's reasoning was not text, so it was left out.")
LOGPROBS_HELD_A_SECRET = N_(
    "The server's token confidences spelled out the API key, so they were "
    "left out; the text is kept (with the key removed)."
)


class AnswerWarning(enum.Enum):
    """What was left out of an answer, as a code: decisions test the code, and the
    message is rendered through the catalogue only when shown (a translated string
    as a key stops matching once the UI language changes mid-answer)."""

    LOGPROBS_DROPPED = "logprobs-dropped"
    USAGE_DROPPED = "usage-dropped"
    REASONING_DROPPED = "reasoning-dropped"
    LOGPROBS_HELD_A_SECRET = "logprobs-held-a-secret"

    @property
    def message(self) -> str:
        """The warning in the current UI language."""
        return _(_MESSAGES[self])


_MESSAGES = {
    AnswerWarning.LOGPROBS_DROPPED: LOGPROBS_DROPPED,
    AnswerWarning.USAGE_DROPPED: USAGE_DROPPED,
    AnswerWarning.REASONING_DROPPED: REASONING_DROPPED,
    AnswerWarning.LOGPROBS_HELD_A_SECRET: LOGPROBS_HELD_A_SECRET,
}

_REMEDY = N_(
    "Check that the address is a vLLM (OpenAI-compatible) server, then run the page again."
)


def _kind(value: Any) -> str:
    if value is None:
        return _("empty (null)")
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, dict):
        return _("an object")
    if isinstance(value, list):
        return _("a list without text") if value else _("an empty list")
    return _("not text")


def content_text(value: Any) -> str | None:
    """The text of a ``content`` field: a string, or a list of text parts joined.

    None when the field is absent or null (a stream's deltas often carry no
    content; whether the whole answer had any is ``no_text_error``'s question).
    """
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(_is_text_part(p) for p in value):
        return "".join(p["text"] for p in value)
    raise BadResponseError(
        _("The server's answer holds no page text: its “content” is {kind}. {remedy}").format(
            kind=_kind(value), remedy=_(_REMEDY)
        )
    )


def _is_text_part(part: Any) -> bool:
    return (
        isinstance(part, dict)
        and part.get("type", "text") == "text"
        and isinstance(part.get("text"), str)
    )


def no_text_error(refusal: str | None) -> BadResponseError:
    """The answer had choices, but not one held text (and no reasoning either)."""
    if refusal:
        return BadResponseError(
            _(
                "The model refused to read the page: “{refusal}”. Try another model or prompt."
            ).format(refusal=refusal)
        )
    return BadResponseError(
        _("The server's answer holds no page text: its “content” is {kind}. {remedy}").format(
            kind=_kind(None), remedy=_(_REMEDY)
        )
    )


def token_logprob(entry: Any) -> TokenLogprob | None:
    """One ``logprobs.content`` entry, or None when any part of it is not what it must be."""
    if not isinstance(entry, dict):
        return None
    token, logprob, raw = (
        entry.get("token", ""),
        _number(entry.get("logprob", 0.0)),
        entry.get("bytes"),
    )
    if not isinstance(token, str) or logprob is None:
        return None
    if raw is None:
        raw = []
    if not isinstance(raw, list) or not all(
        isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= 255 for b in raw
    ):
        return None
    return TokenLogprob(token=token, logprob=logprob, byte_values=tuple(raw))


def token_count(value: Any) -> tuple[int | None, bool]:
    """A usage count, and whether the server sent one that is not a count (so it was dropped)."""
    if value is None:
        return None, False
    number = _number(value)
    if number is None or not 0 <= number < MAX_TOKEN_COUNT:
        return None, True
    return int(number), False


def _number(value: Any) -> float | None:
    """``value`` as a finite float; None for anything else (bools, 1e999, NaN, 10**400)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None
