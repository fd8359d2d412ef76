"""Successful chat replies: the whole-JSON form and the SSE stream form."""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from typing import Any

from tests.fakevllm.knobs import Knobs
from tests.fakevllm.protocol import (
    DEFAULT_REASONING,
    ChatRequest,
    logprob_entry,
    reply_text,
    tokenize,
)


def dumps(obj: Any) -> bytes:
    """Compact UTF-8 JSON, as vLLM's pydantic models serialise."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def event(payload: Any) -> bytes:
    return b"data: " + (payload if isinstance(payload, bytes) else dumps(payload)) + b"\n\n"


DONE = b"data: [DONE]\n\n"


@dataclass
class Plan:
    """What one request answers: reasoning and content tokens and the finish reason."""

    rid: str
    created: int
    model: str
    req: ChatRequest
    fault: str
    reasoning_tokens: list[str] | None  # None: no reasoning field at all
    content_tokens: list[str]
    finish: str
    chunk_tokens: int

    @property
    def reasoning(self) -> str | None:
        return None if self.reasoning_tokens is None else "".join(self.reasoning_tokens)

    @property
    def content(self) -> str:
        return "".join(self.content_tokens)

    @property
    def completion_tokens(self) -> int:
        return len(self.reasoning_tokens or ()) + len(self.content_tokens)

    def usage(self) -> dict[str, Any]:
        prompt, completion = self.req.prompt_tokens, self.completion_tokens
        return {
            "prompt_tokens": prompt,
            "total_tokens": prompt + completion,
            "completion_tokens": completion,
            "prompt_tokens_details": None,
        }

    def logprobs(self, tokens: list[str], start: int) -> dict[str, Any] | None:
        if not self.req.logprobs:
            return None
        top = self.req.top_logprobs
        return {"content": [logprob_entry(t, start + i, top) for i, t in enumerate(tokens)]}

    # --- the non-streaming reply ---------------------------------------------

    def body(self) -> bytes:
        head = {"id": self.rid, "object": "chat.completion", "created": self.created}
        if self.fault == "malformed_json":
            text = dumps({**head, "model": self.model, "choices": [{"index": 0}]})
            return text[: len(text) * 2 // 3]
        message = {
            "role": "assistant",
            "content": self.content,
            "refusal": None,
            "annotations": None,
            "audio": None,
            "function_call": None,
            "tool_calls": [],
            "reasoning": self.reasoning,
        }
        choice = {
            "index": 0,
            "message": message,
            "logprobs": self.logprobs(self.content_tokens, 0),
            "finish_reason": self.finish,
            "stop_reason": None,
        }
        return dumps(
            {
                **head,
                "model": self.model,
                "choices": [] if self.fault == "empty_choices" else [choice],
                "service_tier": None,
                "system_fingerprint": None,
                "usage": self.usage(),
                "prompt_logprobs": None,
                "kv_transfer_params": None,
            }
        )

    # --- the streaming reply ---------------------------------------------------

    def _chunk(self, choices: list[dict[str, Any]]) -> bytes:
        return event(
            {
                "id": self.rid,
                "object": "chat.completion.chunk",
                "created": self.created,
                "model": self.model,
                "choices": choices,
            }
        )

    def _delta(self, delta: dict[str, Any], logprobs: Any = None) -> dict[str, Any]:
        return {"index": 0, "delta": delta, "logprobs": logprobs, "finish_reason": None}

    def stream(self) -> tuple[list[bytes], list[bytes], list[bytes]]:
        """(events sent at once, events spread over the service time, closing events)."""
        first = [self._chunk([self._delta({"role": "assistant", "content": ""})])]
        tail = []
        if self.req.include_usage:
            usage = {
                "id": self.rid,
                "object": "chat.completion.chunk",
                "created": self.created,
                "model": self.model,
                "choices": [],
                "usage": self.usage(),
            }
            tail.append(event(usage))
        tail.append(DONE)
        if self.fault == "malformed_json":
            return first, [b"data: {not json\n\n"], [DONE]
        if self.fault == "empty_choices":
            return [], [self._chunk([])], tail
        size = self.chunk_tokens
        deltas: list[dict[str, Any]] = []
        reasoning = self.reasoning_tokens or []
        for i in range(0, len(reasoning), size):
            deltas.append(self._delta({"reasoning": "".join(reasoning[i : i + size])}))
        content = self.content_tokens
        for i in range(0, len(content), size):
            piece = content[i : i + size]
            deltas.append(self._delta({"content": "".join(piece)}, self.logprobs(piece, i)))
        if not deltas:
            deltas.append(self._delta({"content": ""}))
        deltas[-1].update(finish_reason=self.finish, stop_reason=None)
        return first, [self._chunk([d]) for d in deltas], tail


def make_plan(req: ChatRequest, knobs: Knobs, fault: str, rid: str, created: int) -> Plan:
    text = reply_text(req, knobs)
    thought = knobs.reasoning or DEFAULT_REASONING
    reasoning, content, finish = knobs.reasoning, text, "stop"
    if fault == "length":
        tokens = tokenize(text)
        content, finish = "".join(tokens[: max(1, len(tokens) // 2)]), "length"
    elif fault in ("abort", "abort_empty", "repetition"):
        tokens = tokenize(text) if fault != "abort_empty" else []
        half = "".join(tokens[: max(1, len(tokens) // 2)] if tokens else ())
        content, finish = half, "repetition" if fault == "repetition" else "abort"
    elif fault == "think_only":
        reasoning, content, finish = None, f"{thought}\n</think>", "length"
    elif fault == "think_block":
        content = f"<think>\n{thought}\n</think>\n\n{text}"
    elif fault == "reasoning_field":
        reasoning = thought
    reasoning_tokens = None if reasoning is None else tokenize(reasoning)
    content_tokens = tokenize(content)
    budget = req.max_tokens
    if len(reasoning_tokens or ()) + len(content_tokens) > budget:
        if reasoning_tokens is not None:
            reasoning_tokens = reasoning_tokens[:budget]
            budget -= len(reasoning_tokens)
        content_tokens, finish = content_tokens[: max(0, budget)], "length"
    return Plan(
        rid=rid,
        created=created,
        model=knobs.model,
        req=req,
        fault=fault,
        reasoning_tokens=reasoning_tokens,
        content_tokens=content_tokens,
        finish=finish,
        chunk_tokens=knobs.chunk_tokens,
    )


def models_body(knobs: Knobs) -> dict[str, Any]:
    created = int(time.time())
    permission = {
        "id": f"modelperm-{uuid.uuid4().hex}",
        "object": "model_permission",
        "created": created,
        "allow_create_engine": False,
        "allow_sampling": True,
        "allow_logprobs": True,
        "allow_search_indices": False,
        "allow_view": True,
        "allow_fine_tuning": False,
        "organization": "*",
        "group": None,
        "is_blocking": False,
    }
    model = {
        "id": knobs.model,
        "object": "model",
        "created": created,
        "owned_by": "vllm",
        "root": knobs.model,
        "parent": None,
        "max_model_len": knobs.max_model_len,
        "permission": [permission],
    }
    return {"object": "list", "data": [model]}
