"""Known vLLM failures behind the server's answers: HTTP errors, and 200 answers
that are all thinking. Each diagnosis carries a remedy (see ``backend.server.diagnose``).
"""

from __future__ import annotations

import re

from backend.i18n import _
from backend.server.diagnose_base import Diagnosis, finish, strip_ansi, to_int, trim
from backend.server.diagnose_patterns import (
    ANSWER_RULES,
    AUTH_RX,
    BAD_API_KEY,
    COLD_RX,
    COLD_START,
    CONTEXT_RULES,
    ENGINE_DEAD,
    ENGINE_DEAD_RX,
)

# --- HTTP errors from the server --------------------------------------------------------


def _context_too_long(message: str, shown: str) -> Diagnosis | None:
    for pattern, names in CONTEXT_RULES:
        if m := pattern.search(message):
            found = {name: to_int(g) for name, g in zip(names, m.groups(), strict=True) if g}
            title = _("The request is longer than the server's context window.")
            return Diagnosis("context_too_long", title, _context_remedy(found), trim(shown))
    return None


def _context_remedy(n: dict[str, int]) -> str:
    """What to lower, from the numbers the message gave (see ``CONTEXT_RULES``)."""
    page_fix = _(
        "lower the page image budget (max pixels) or start the server with a larger --max-model-len"
    )
    if "need" in n:
        return _("The page needs {n:,} tokens, the server allows {n2:,}: {page_fix}.").format(
            n=n["need"], n2=n["limit"], page_fix=page_fix
        )
    if "least" in n:
        return _(
            "The page needs at least {n:,} tokens, the server allows {n2:,}: {page_fix}."
        ).format(n=n["least"], n2=n["limit"], page_fix=page_fix)
    if "asked" in n and "prompt" not in n:
        return _(
            "Max tokens ({n:,}) is more than the server's whole context ({n2:,}): "
            "lower max tokens in the OCR settings, or start the server with a larger "
            "--max-model-len."
        ).format(n=n["asked"], n2=n["limit"])
    if "asked" not in n:
        return _("Lower max tokens in the server profile, or {page_fix}.").format(page_fix=page_fix)
    asked, limit, prompt = n["asked"], n["limit"], n["prompt"]
    if limit - prompt <= 0:
        return _(
            "The page needs {prompt:,} tokens, the server allows {limit:,}: {page_fix}."
        ).format(prompt=prompt, limit=limit, page_fix=page_fix)
    return _(
        "Lower max tokens to {limit:,} or below (now {asked:,}; the page uses "
        "{prompt:,} of the {limit2:,} tokens), or start the server with a larger "
        "--max-model-len."
    ).format(limit=limit - prompt, asked=asked, prompt=prompt, limit2=limit)


def _too_many_images(message: str, shown: str) -> Diagnosis | None:
    m = re.search(r"At most (\d+) image", message, re.IGNORECASE) or re.search(
        r"You set image=(\d+).*limit[-_]mm[-_]per[-_]prompt", message, re.IGNORECASE
    )
    if m is None:
        return None
    allowed = to_int(m[1])
    if allowed == 0:
        title = _("The server was started with images turned off.")
    else:
        title = _("The server accepts at most {allowed} image(s) in one request.").format(
            allowed=allowed
        )
    return Diagnosis(
        "too_many_images",
        title,
        _(
            "Start the server with --limit-mm-per-prompt '{\"image\": N}', N at least "
            "the number of images ProofDesk sends in one request."
        ),
        trim(shown),
    )


def _model_not_found(message: str, shown: str, model_id: str) -> Diagnosis:
    asked = re.search(r"model [`'\"]?(.+?)[`'\"]? does not exist", message, re.IGNORECASE)
    name = asked[1] if asked else model_id
    valid = re.search(
        r"(?:Valid|Available) (?:aliases|models|model names)\s*:\s*(.+?)\.?\s*$",
        message,
        re.IGNORECASE,
    )
    title = (
        _("The server has no model named “{name}”.").format(name=name)
        if name
        else _("The server has no such model.")
    )
    if valid:
        names = [n.strip(" `'\"") for n in valid[1].split(",") if n.strip(" `'\"")]
        remedy = _("Set the model of the server profile to {join}.").format(join=" or ".join(names))
    else:
        remedy = _(
            "Set the model of the server profile to the name the server serves (see "
            "its /v1/models, or --served-model-name)."
        )
    return Diagnosis("model_not_found", title, remedy, trim(shown))


def diagnose_response(status: int, message: str, *, model_id: str = "") -> list[Diagnosis]:
    """Known failures behind an HTTP error; ``message`` is the JSON error's message.

    vLLM's own /health answers a bare 503 when its engine has died, while a
    serverless gateway scaling from zero says why it answers 502/503/504; so an
    empty 503 means a dead engine and any other gateway status a cold start.
    """
    text = strip_ansi(message).strip()
    shown = f"HTTP {status}: {text}" if text else f"HTTP {status}"
    found: list[Diagnosis] = []
    if ENGINE_DEAD_RX.search(text) or (status == 503 and not text):
        found.append(ENGINE_DEAD(shown))
    if status in (401, 403) or AUTH_RX.search(text):
        found.append(BAD_API_KEY(shown))
    if (status == 404 and "model" in text.lower()) or re.search(
        r"model .+ does not exist", text, re.IGNORECASE
    ):
        found.append(_model_not_found(text, shown, model_id))
    for check in (_too_many_images, _context_too_long):
        if (diagnosis := check(text, shown)) is not None:
            found.append(diagnosis)
    found.extend(finding(shown) for pattern, finding in ANSWER_RULES if pattern.search(text))
    gateway = status in (502, 503, 504) or (status >= 500 and COLD_RX.search(text))
    if gateway and not found:
        found.append(COLD_START(shown))
    return finish(found)


# --- answers that are all thinking ------------------------------------------------------


def diagnose_reading(
    *, model_id: str, text: str, reasoning: str | None, finish_reason: str | None
) -> list[Diagnosis]:
    """A 200 answer from a reasoning model that spent its token budget thinking."""
    answer = text.replace("</think>", "").strip()
    has_reasoning = bool(reasoning and reasoning.strip())
    thinking_model = "thinking" in model_id.lower()
    think_tags = "<think>" in text or "</think>" in text
    truncated = finish_reason == "length"
    if not (
        (truncated and (thinking_model or has_reasoning or think_tags or not answer))
        or (has_reasoning and not answer)
    ):
        return []
    signs = [f"finish_reason={finish_reason}"]
    if has_reasoning and reasoning is not None:
        signs.append(
            _("{reasoning_count:,} characters of reasoning").format(reasoning_count=len(reasoning))
        )
    signs.append(
        _("no answer")
        if not answer
        else _("answer of {answer_count:,} characters").format(answer_count=len(answer))
    )
    if think_tags:
        signs.append(_("<think> tags in the answer"))
    instruct = re.sub("thinking", "Instruct", model_id, flags=re.IGNORECASE)
    variant = (
        _("the Instruct variant ({instruct})").format(instruct=instruct)
        if thinking_model
        else _("an Instruct model")
    )
    return [
        Diagnosis(
            "thinking_budget",
            _("The model spent its token budget thinking and gave no complete transcription."),
            _(
                'Use {variant}, or send chat_template_kwargs: {{"enable_thinking": '
                "false}}, or raise max tokens and the timeout of the server profile."
            ).format(variant=variant),
            trim("; ".join(signs)),
        )
    ]
