"""Readers of the recorded vLLM logs, answers and readings the diagnosis tests use."""

from __future__ import annotations

import json
from typing import Any

from backend.server.diagnose import Diagnosis
from tests.conftest import DATA

FIXTURES = DATA / "vllm-logs"


def _log(name: str) -> list[str]:
    return (FIXTURES / name).read_text(encoding="utf-8").splitlines()


def _response(name: str) -> tuple[int, str]:
    """Status and error message, from any of the JSON shapes servers and gateways use."""
    recorded = json.loads((FIXTURES / f"{name}.response.json").read_text(encoding="utf-8"))
    body: Any = recorded["body"]
    if isinstance(body, dict):
        error = body.get("error", body.get("message", ""))
        body = error.get("message", "") if isinstance(error, dict) else error
    return recorded["status"], str(body)


def _reading(name: str) -> dict[str, Any]:
    answer = json.loads((FIXTURES / f"{name}.reading.json").read_text(encoding="utf-8"))
    choice = answer["choices"][0]
    message = choice["message"]
    return {
        "model_id": answer["model"],
        "text": message["content"] or "",
        "reasoning": message.get("reasoning", message.get("reasoning_content")),
        "finish_reason": choice["finish_reason"],
    }


def _codes(found: list[Diagnosis]) -> list[str]:
    return [d.code for d in found]


def _one(found: list[Diagnosis], code: str) -> Diagnosis:
    [diagnosis] = [d for d in found if d.code == code]
    return diagnosis
