"""The model name the OpenAI chat wire-format tests share."""

from __future__ import annotations

MODEL = "Qwen/Qwen2.5-VL-7B-Instruct"
