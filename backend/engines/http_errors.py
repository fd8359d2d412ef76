"""Turn a failed HTTP answer into the ``ServerError`` that says what to do."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping

from backend.errors import (
    AuthenticationError,
    BadResponseError,
    ContextTooLongError,
    EngineDeadError,
    ModelNotFoundError,
    RequestRejectedError,
    ServerBusyError,
    ServerError,
)
from backend.i18n import _
from backend.server.diagnose import diagnose_response

_INPUT_TOO_LONG = re.compile(
    r"Input length \((\d+)\) exceeds model's maximum context length \((\d+)\)"
)
_MAX_TOKENS_TOO_LARGE = re.compile(
    r"too large: (\d+)\. This model's maximum context length is (\d+) tokens "
    r"and your request has (\d+) input tokens"
)

# vLLM 0.32 words both differently (recorded from the real server).
_PROMPT_TOO_LONG_032 = re.compile(
    r"maximum context length is (?P<limit>\d+) tokens\. However, your prompt contains at least "
    r"(?P<need>\d+) input tokens"
)
_MAX_TOKENS_OVER_CONTEXT_032 = re.compile(
    r"max_(?:completion_)?tokens=(?P<need>\d+) cannot be greater than max_model_len=(?P<limit>\d+)"
)


# Longer than any real back-off; past it a hostile Retry-After ("1e999") would
# park a page for ever instead of letting the batch retry it.
MAX_RETRY_AFTER_S = 600.0

Clean = Callable[[str], str]


def _same(text: str) -> str:
    return text


def error_message(body: bytes, clean: Clean = _same) -> str:
    """The human part of an error body: vLLM sends {"error": {"message": ...}}.

    ``clean`` (the client's redaction) runs on the whole text before it is cut,
    so an echoed key is never cut in half and left half-visible.
    """
    text = body.decode("utf-8", "replace").strip()
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return clean(text)[:300]
    err = obj.get("error", obj.get("detail", obj)) if isinstance(obj, dict) else obj
    if isinstance(err, dict):
        return clean(str(err.get("message") or err.get("detail") or err))[:500]
    return clean(str(err))[:500]


def retry_after(headers: Mapping[str, str]) -> float | None:
    value = headers.get("retry-after")
    try:
        seconds = float(value) if value is not None else None
    except ValueError:
        return None  # an HTTP date: rare from inference servers; back off normally
    if seconds is None or not math.isfinite(seconds):
        return None
    return min(MAX_RETRY_AFTER_S, max(0.0, seconds))


def error_for_status(
    status: int,
    body: bytes,
    headers: Mapping[str, str],
    *,
    server: str,
    model: str,
    clean: Clean = _same,
) -> ServerError:
    message = error_message(body, clean)
    found = diagnose_response(status, message, model_id=model)
    advice = " ".join(f"{d.title} {d.remedy}" for d in found)
    said = _(" The server said: “{message}”").format(message=message) if message else ""
    detail = f"HTTP {status}: {message}"
    if status == 400:
        too_long = _context_error(message, advice, server)
        if too_long is not None:
            return too_long
        return RequestRejectedError(
            advice or _("The server refused the request.{said}").format(said=said),
            detail=detail,
            status=status,
            server=server,
        )
    if status in (401, 403):
        return AuthenticationError(
            advice or _("The server refused the API key. Check the key in the server profile."),
            detail=detail,
            status=status,
            server=server,
        )
    if status == 404:
        return ModelNotFoundError(
            advice
            or _("The server does not serve the model “{model}”.{said}").format(
                model=model, said=said
            ),
            detail=detail,
            status=status,
            server=server,
        )
    if status in (500, 503) and any(d.code == "engine_dead" for d in found):
        return EngineDeadError(
            advice or _("The server's engine crashed; it needs a restart."),
            detail=detail,
            status=status,
            server=server,
        )
    if status in (429, 502, 503, 504):
        return ServerBusyError(
            _("{advice} (HTTP {status})").format(advice=advice, status=status)
            if advice
            else _("The server is busy or starting (HTTP {status}); will try again.").format(
                status=status
            ),
            status=status,
            retry_after=retry_after(headers),
            detail=detail,
            server=server,
        )
    if status == 500 and "EngineCore" in message:
        return EngineDeadError(
            advice or _("The server's engine crashed; it needs a restart."),
            detail=detail,
            status=status,
            server=server,
        )
    if status >= 500:
        return ServerBusyError(
            _("The server failed (HTTP {status}); will try again.{said}").format(
                status=status, said=said
            ),
            status=status,
            detail=detail,
            server=server,
        )
    return BadResponseError(
        _("Unexpected answer from the server (HTTP {status}).{said}").format(
            status=status, said=said
        ),
        detail=detail,
        status=status,
        server=server,
    )


def _context_error(message: str, advice: str, server: str) -> ContextTooLongError | None:
    m = _INPUT_TOO_LONG.search(message)
    m032 = _PROMPT_TOO_LONG_032.search(message) or _MAX_TOKENS_OVER_CONTEXT_032.search(message)
    if m:
        needed, allowed = int(m.group(1)), int(m.group(2))
    elif m032:
        needed, allowed = int(m032.group("need")), int(m032.group("limit"))
    else:
        m = _MAX_TOKENS_TOO_LARGE.search(message)
        if not m:
            return None
        needed, allowed = int(m.group(1)) + int(m.group(3)), int(m.group(2))
    text = advice or (
        _(
            "The page needs {needed:,} tokens, the server allows {allowed:,}: lower "
            "the image budget or max tokens, or start the server with a larger "
            "--max-model-len."
        ).format(needed=needed, allowed=allowed)
    )
    return ContextTooLongError(text, needed=needed, allowed=allowed, detail=message, server=server)
