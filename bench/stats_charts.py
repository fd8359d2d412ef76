"""The statistics' charts (issue 26 point 1): what drawing them costs, for a document
of 3,000 pages read by four sources and approved over 60 working days.

The figures are made directly (``backend.stats.figures`` rows: the charts draw rows,
whatever store they came from), so only the drawing is measured: the five charts the
Statistics dialog and the report show, at the screen's scale and at twice it (a HiDPI
screen, the PDF report). The baseline, in the same run: five blank figures of the same
size saved as PNG (matplotlib's floor for five pictures). And matplotlib's import in a
new process (the charts import it when first drawn) against numpy's (which the
statistics import anyway).
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
import time
from collections.abc import Callable

from backend.stats.charts import HEIGHT_IN, WIDTH_IN, charts
from backend.stats.figures import PageRow, SourceRow, Statistics
from backend.stats.progress import Day, Progress
from bench.make_doc import Docs
from bench.table import Row

PAGES = 3000
DAYS = 60
SOURCES = (  # (model, prompt name, CER)
    ("qwen2.5-vl-7b", "Transcribe this court page.", 0.030),
    ("qwen2.5-vl-7b", "Transcribe exactly; keep ○ masks.", 0.020),
    ("qwen2.5-vl-72b", "逐字轉錄本頁。", 0.008),
    ("rapidocr", "", 0.060),
)


def figures() -> Statistics:
    rng = random.Random(26)
    rows = [
        SourceRow({"engine": "vllm", "model": m, "prompt_sha256": f"{i:064x}", "prompt_name": p},
                  PAGES, PAGES - 300, cer, cer, cer, 0.1, 2100.0, 4.0)
        for i, (m, p, cer) in enumerate(SOURCES)
    ]  # fmt: skip
    by_model = [
        SourceRow({"engine": "vllm", "model": m}, PAGES, PAGES - 300, c, c, c, 0.1, 2100.0, 4.0)
        for m, _p, c in SOURCES
    ]
    pages = [
        PageRow(p, p < PAGES - 300, "vllm", SOURCES[p % 3][0], 0.02, 0.02,
                rng.choice((0, 5, 20, 40)), rng.random() < 0.1,
                {"ana": rng.uniform(60, 200)} if p < PAGES - 300 else {})
        for p in range(PAGES)
    ]  # fmt: skip
    per_day = (PAGES - 300) // DAYS
    days = [
        Day(f"2026-{1 + d // 28:02d}-{1 + d % 28:02d}", per_day, per_day * (d + 1))
        for d in range(DAYS)
    ]
    progress = Progress(PAGES, per_day * DAYS, PAGES - per_day * DAYS, days, per_day, 6.7, 120.0)
    return Statistics({"model": by_model, "prompt": rows, "server": []}, [], pages, progress, None)


def _blank(n: int) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    for _ in range(n):
        fig = Figure(figsize=(WIDTH_IN, HEIGHT_IN), dpi=100)
        FigureCanvasAgg(fig)
        fig.savefig(io.BytesIO(), format="png")


def _best(fn: Callable[[], object], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def _new_process(code: str) -> float:
    """Seconds for a new Python to run ``code`` (best of 3; the process's own clock)."""
    wrapped = f"import time; t = time.perf_counter(); {code}; print(time.perf_counter() - t)"
    return min(
        float(subprocess.run([sys.executable, "-c", wrapped], capture_output=True, text=True,
                             check=True).stdout)
        for _ in range(3)
    )  # fmt: skip


def run(docs: Docs) -> list[Row]:
    del docs  # no PDF: the charts draw figures
    stats = figures()
    charts(stats)  # matplotlib imported, its font list read: the dialog's second opening
    base = _best(lambda: _blank(5))
    drawn = _best(lambda: charts(stats))
    hidpi = _best(lambda: charts(stats, scale=2.0))
    imported = _new_process("import matplotlib.figure, matplotlib.backends.backend_agg")
    numpy = _new_process("import numpy")
    blank = "5 blank figures to PNG"
    return [
        Row(f"stats charts: the 5 charts of {PAGES} pages", drawn * 1000, base * 1000,
            baseline_name=blank),
        Row("  … at twice the pixels (HiDPI, the PDF report)", hidpi * 1000, base * 1000,
            baseline_name=blank),
        Row("  … matplotlib's import in a new process", imported * 1000, numpy * 1000,
            baseline_name="numpy's, which the statistics import anyway"),
    ]  # fmt: skip
