"""The seized-items table the table-cell tests share: its header, five rows, where its
columns start on the page, the transcript it makes and a cell-by-cell reading of it."""

from __future__ import annotations

import random

from backend.models import AltText
from tests.backend.review.diagnoses.layout_helpers import misread, reading

HEADER = ["編號", "物品名稱", "數量", "所有人", "備註"]
ROWS = [
    ["一", "扣案機車", "十五輛", "王○○", "已發還"],
    ["二", "行動電話", "二支", "林○○", "沒收"],
    ["三", "存摺", "一本", "陳○○", "附卷"],
    ["四", "借據影本", "三份", "張○○", "附卷"],
    ["五", "現金", "新臺幣壹萬元", "李○○", "沒收"],
]
COLUMNS = [0.08, 0.2, 0.42, 0.6, 0.78]  # where each column starts across the page


def markdown(rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "主文\n附表\n" + "\n".join(lines) + "\n以上正本證明與原本無異。"


def cell_by_cell(rng: random.Random, noise: float) -> AltText:
    """The table as RapidOCR reads it: a line per cell, each with its box."""
    lines = [("主文", (0.45, 0.05, 0.55, 0.07)), ("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate([HEADER, *ROWS]):
        y = 0.12 + r * 0.03
        for x, text in zip(COLUMNS, row, strict=True):
            lines.append((misread(text, rng, noise), (x, y, x + 0.02 * len(text), y + 0.02)))
    lines.append(("以上正本證明與原本無異。", (0.1, 0.4, 0.4, 0.42)))
    return reading(lines)
