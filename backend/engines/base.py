"""The engine interface and the values that cross it.

An engine is anything with ``name`` and ``async read(request, on_progress)``.
It receives an already-encoded page image (rendering and encoding happen in
worker processes, never on the caller's loop) and returns a ``Reading`` whose
``provenance()`` (a ``backend.provenance.Provenance``) the store keeps with the version.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from backend.i18n import _
from backend.models import PageImage
from backend.provenance import Provenance
from backend.safe_text import REPLACED_KEY


@dataclass(frozen=True)
class SamplingParams:
    # Greedy by default: OCR wants the most likely reading, and the same page
    # read twice should give the same text (a retry then raises the temperature).
    temperature: float = 0.0
    max_tokens: int = 4096
    repetition_penalty: float | None = 1.05  # Qwen-VL loops on long tables without it
    top_p: float | None = None
    seed: int | None = None
    # False sends chat_template_kwargs {"enable_thinking": false}: reasoning
    # models otherwise spend minutes (and the whole budget) thinking. None = omit.
    enable_thinking: bool | None = False
    logprobs: bool = False
    top_logprobs: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass(frozen=True)
class OcrRequest:
    image: PageImage
    prompt: str
    params: SamplingParams = field(default_factory=SamplingParams)
    region: tuple[float, float, float, float] | None = None  # page-relative crop, if any
    notes: tuple[str, ...] = ()  # adjustments made to fit the server, kept in provenance


@dataclass(frozen=True)
class TokenLogprob:
    token: str
    logprob: float
    byte_values: tuple[int, ...] = ()  # needed to map tokens onto CJK characters


# How a model ends an answer by itself: "stop" in OpenAI's API and vLLM's; servers behind
# the same API that pass their own word through say "eos", "eos_token" (TGI), "end_turn".
NORMAL_FINISH = frozenset({"stop", "eos", "eos_token", "end_turn", "stop_sequence"})


# The token limit: "length" in OpenAI's API and vLLM's, "max_tokens" where a server
# passes Anthropic's word through.
TOKEN_LIMIT = frozenset({"length", "max_tokens"})


def at_token_limit(finish_reason: str | None) -> bool:
    """The model stopped because it ran out of tokens: the text is incomplete."""
    return isinstance(finish_reason, str) and finish_reason.lower() in TOKEN_LIMIT


def ended_early(finish_reason: str | None) -> bool:
    """Stopped neither at its end nor at the token limit: vLLM's "abort" (the request was
    given up), "error", "repetition" (a loop cut short), a content filter, a tool call...
    The text may be incomplete. No reason at all says nothing."""
    if not isinstance(finish_reason, str) or at_token_limit(finish_reason):
        return False
    return finish_reason.lower() not in NORMAL_FINISH


# Reasons that say the server gave the request up, nothing of the page (vLLM's "abort":
# the engine stopped or dropped it; "error"): worth another try. A "repetition" or a
# content filter at temperature 0 would only come again.
SERVER_GAVE_UP = frozenset({"abort", "error"})


def server_gave_up(finish_reason: str | None) -> bool:
    return isinstance(finish_reason, str) and finish_reason.lower() in SERVER_GAVE_UP


def early_end_warning(finish_reason: str | None) -> str:
    """What a reviewer is told of an answer that ``ended_early``."""
    return _(
        "The answer ended early (finish reason “{reason}”): the end of the page may be missing."
    ).format(reason=finish_reason)


@dataclass(frozen=True)
class Reading:
    """What an engine read on one page, with everything needed to trust it later."""

    text: str  # the answer, thinking removed
    engine: str  # "vllm", "rapidocr", ...
    model: str = ""
    server: str = ""  # base URL (never a key)
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_s: float = 0.0
    first_token_s: float | None = None
    reasoning: str | None = None  # the model's thinking, kept for provenance
    logprobs: tuple[TokenLogprob, ...] = ()
    prompt: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    image: dict[str, Any] = field(default_factory=dict)  # width, height, bytes, mime, sha256
    notes: tuple[str, ...] = ()  # e.g. "max tokens lowered to fit the context"
    # What the engine left out of a flawed answer and why (logprobs that were not
    # numbers, ...): the reading is good, but the proofreader is told.
    warnings: tuple[str, ...] = ()
    # Characters of the answer ``safe_text.admit`` replaced (controls, noncharacters):
    # the warning says it in words, this says it to an audit.
    replaced: int = 0

    @property
    def truncated(self) -> bool:
        """The model stopped because it ran out of tokens: the text is incomplete."""
        return at_token_limit(self.finish_reason)

    @property
    def ended_early(self) -> bool:
        """Stopped for another reason than its end or the token limit (``ended_early``)."""
        return ended_early(self.finish_reason)

    def provenance(self) -> Provenance:
        made = Provenance.of(
            engine=self.engine,
            model=self.model,
            server=self.server,
            finish_reason=self.finish_reason,
            truncated=self.truncated,
            usage={
                "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens,
            },
            latency_s=round(self.latency_s, 3),
            first_token_s=None if self.first_token_s is None else round(self.first_token_s, 3),
            prompt=self.prompt,
            prompt_sha256=hashlib.sha256(self.prompt.encode()).hexdigest(),
            params=self.params,
            image=self.image,
        )
        optional: dict[str, Any] = {  # kept only when there is something to keep
            "reasoning": self.reasoning,
            "logprobs": [
                [t.token, round(t.logprob, 4), list(t.byte_values)] for t in self.logprobs
            ],
            "notes": list(self.notes),
            "warnings": list(self.warnings),
            REPLACED_KEY: self.replaced,
        }
        return made.with_items(**{key: value for key, value in optional.items() if value})


@dataclass(frozen=True)
class Progress:
    """Where a running read is, for a live status line."""

    phase: str  # "connecting", "waiting" (no token yet: queued or cold start), "reading"
    elapsed_s: float
    tokens: int = 0  # streamed so far (approximately: events received)


ProgressCallback = Callable[[Progress], None]


class OcrEngine(Protocol):
    """Turns a page image into a reading. Offline engines may ignore the prompt."""

    @property
    def name(self) -> str: ...

    async def read(
        self, request: OcrRequest, on_progress: ProgressCallback | None = None
    ) -> Reading: ...

    async def aclose(self) -> None: ...
