"""``python -m bench [--pages N] [--only NAME]``: run the benchmarks, print one Markdown table.

The table is also written to bench/out/results.md. Every figure sits next to a
baseline measured in the same run; nothing here asserts on timings.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import traceback
from collections.abc import Callable

from bench import (
    alt_stall,
    colour_dropout,
    continued_reads,
    critical,
    diff,
    effort,
    engine_latency,
    export,
    facts,
    facts_index,
    failures,
    fault_stall,
    flip,
    launch,
    layout,
    memory,
    ocr,
    ocr_batch,
    publish,
    publish_export,
    publish_leak,
    real_errors,
    replace,
    scan_lines,
    search,
    stall,
    stats,
    stats_charts,
    table_checks,
    table_view,
    team,
)
from bench.make_doc import OUT, Docs, ensure_docs
from bench.table import Row, markdown

BENCHMARKS: dict[str, Callable[[Docs], list[Row]]] = {
    "search": search.run,
    "flip": flip.run,
    "stall": stall.run,
    "memory": memory.run,
    "launch": launch.run,
    "ocr": ocr.run,
    "export": export.run,
    "alt_stall": alt_stall.run,
    "diff": diff.run,
    "team": team.run,  # 20 reviewers on the PostgreSQL team store vs the SQLite store
    "critical": critical.run,  # per error kind on the generated corpus (RapidOCR, cached)
    "effort": effort.run,  # critical errors found reviewing the riskiest pages first
    "real_errors": real_errors.run,  # RapidOCR/Tesseract's real errors on damaged pages
    "failures": failures.run,  # whole-page failures named and ranked, clean pages, cost
    "table_checks": table_checks.run,  # seeded table errors caught at the cell; clean tables
    "continued_reads": continued_reads.run,  # a table's pages before, read per review (store calls)
    "scan_lines": scan_lines.run,  # the scan's line detection per page vs a full RapidOCR reading
    "layout": layout.run,  # the layout model (tables on the scan): load and cost per page
    "colour_dropout": colour_dropout.run,  # the stamp step per page vs a RapidOCR reading
    "engine_latency": engine_latency.run,  # transformers in-process vs vLLM CPU (minutes)
    "ocr_batch": ocr_batch.run,  # batch-prepare for vllm run-batch: time and size per 1,000 pages
    "fault_stall": fault_stall.run,  # the loop's stall during the fault matrix (issue 6)
    "table_view": table_view.run,  # the Table dock on a 40×40 table: open, keystroke, Enter
    "replace": replace.run,  # find & replace: the preview over 3,000 pages (issue 24)
    "facts": facts.run,  # issue 24: seeded cross-page errors caught, clean files, speed
    "facts_index": facts_index.run,  # 3,000 pages' facts from the store's index; one save
    "publish": publish.run,  # issue 25: seeded personal data masked, decoys kept, speed
    "publish_export": publish_export.run,  # the redacted PDF against the searchable PDF
    "publish_leak": publish_leak.run,  # issue 25: seeded identifiers read back from the PDF
    "stats": stats.run,  # issue 26: CER per model and reviewers' paces recovered, speed
    "stats_charts": stats_charts.run,  # issue 26: the Statistics dialog's and report's charts
}


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument(
        "--pages", type=int, default=2000, help="pages of the big document (at least 50)"
    )
    parser.add_argument("--only", choices=sorted(BENCHMARKS), help="run one benchmark")
    args = parser.parse_args(argv)
    if args.pages < 50:
        parser.error("--pages must be at least 50")
    return args


def run_one(name: str, docs: Docs) -> list[Row]:
    """Run a benchmark; a failure becomes a row instead of ending the run."""
    t0 = time.perf_counter()
    try:
        rows = BENCHMARKS[name](docs)
    except Exception as exc:  # report and go on with the other benchmarks
        traceback.print_exc()
        rows = [Row(name, None, None, note=f"error: {type(exc).__name__}: {exc}"[:120])]
    print(f"[bench] {name}: {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    return rows


def header(docs: Docs, seconds: float) -> str:
    return (
        f"ProofDesk benchmarks — {time.strftime('%Y-%m-%d %H:%M')}, {docs.pages} pages "
        f"({docs.big.name}, {docs.big.stat().st_size // 1024} KiB), "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, run {seconds:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    t0 = time.perf_counter()
    docs = ensure_docs(args.pages)
    rows: list[Row] = []
    for name in [args.only] if args.only else list(BENCHMARKS):
        rows += run_one(name, docs)
    text = markdown(rows, header(docs, time.perf_counter() - t0))
    print(text)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "results.md").write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
