"""The result table: one row per figure, shown against a baseline from the same run."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

COLUMNS = ("benchmark", "measured", "baseline", "ratio", "goal")


@dataclass(frozen=True)
class Row:
    """One figure. ``measured``/``baseline`` are numbers in ``unit`` (None: not measured)."""

    name: str
    measured: float | None
    baseline: float | None
    unit: str = "ms"
    goal: str = ""
    baseline_name: str = ""  # what the baseline is, shown next to its figure
    note: str = ""  # replaces the measured figure when it is None (e.g. "n/a (...)")

    @property
    def ratio(self) -> float | None:
        if self.measured is None or not self.baseline:
            return None
        return self.measured / self.baseline


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "n/a"
    if unit == "ms":
        text = f"{value:.3f}" if value < 1 else f"{value:.1f}" if value < 100 else f"{value:.0f}"
    elif unit == "s":
        text = f"{value:.2f}"
    elif unit == "MB":
        text = f"{value:.1f}"
    else:
        text = f"{value:g}"
    return f"{text} {unit}"


def fmt_ratio(ratio: float | None) -> str:
    if ratio is None:
        return "–"
    if ratio < 0.01:
        return f"1/{1 / ratio:.0f}×" if ratio > 0 else "0×"
    return f"{ratio:.2f}×" if ratio < 10 else f"{ratio:.0f}×"


def cells(row: Row) -> tuple[str, ...]:
    measured = row.note if row.measured is None and row.note else fmt(row.measured, row.unit)
    baseline = fmt(row.baseline, row.unit) if row.baseline is not None else "–"
    if row.baseline_name:
        baseline = f"{baseline} ({row.baseline_name})"
    return (row.name, measured, baseline, fmt_ratio(row.ratio), row.goal)


def markdown(rows: Sequence[Row], title: str = "") -> str:
    lines = [f"### {title}", ""] if title else []
    lines.append("| " + " | ".join(COLUMNS) + " |")
    lines.append("|" + "|".join("---" for _ in COLUMNS) + "|")
    for row in rows:
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells(row)) + " |")
    return "\n".join(lines) + "\n"


def median_ms(seconds: Sequence[float]) -> float:
    return statistics.median(seconds) * 1000


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by nearest rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[rank]
