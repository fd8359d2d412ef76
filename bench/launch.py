"""Launch to first page visible: ``proofdesk PDF`` vs a bare PySide6 window plus pdftoppm.

The app honours PROOFDESK_BENCH_FIRST_PAGE=1 (gui/app.py): it prints
``proofdesk-first-page-visible seconds=<float> rss_kb=<int>`` once the first page's
image is painted, seconds counted from the Unix time in PROOFDESK_BENCH_T0, then
quits. The baseline is what any such app must pay at least: a bare QMainWindow
shown (bench/bare_window.py) plus ``pdftoppm -r 110`` rendering page 1 of the
same PDF. Each launch uses a fresh PROOFDESK_DATA_DIR (a first open) and the
offscreen Qt platform; the figure is the median of ``APP_RUNS`` launches.

pdftoppm writes PPM here, not ``-png``: PNG compression of a grey scan took
~1.1 s of pdftoppm's ~1.3 s, which would measure zlib rather than rendering.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.make_doc import ROOT, Docs
from bench.table import Row

RUNS = 3
APP_RUNS = 5  # app launches vary most (2 worker processes start on 2 cores)
WAIT_S = 60.0
APP_LINE = "proofdesk-first-page-visible"
BARE_LINE = "bare-window-shown"
FULL_PYMUPDF_NOTE = "full pymupdf 2.0: 1.6 s (measured elsewhere)"


@dataclass(frozen=True)
class Launch:
    seconds: float
    rss_kb: int
    returncode: int | None  # None: killed after reporting


def _app_command(pdf: Path) -> list[str]:
    script = Path(sys.executable).with_name("proofdesk")
    return [str(script), str(pdf)] if script.exists() else [sys.executable, "-m", "gui.entry"]


def _launch(cmd: list[str], marker: str) -> Launch | None:
    """Start ``cmd``; parse the ``marker`` line; None if it never appears in time."""
    with tempfile.TemporaryDirectory(prefix="proofdesk-bench-") as tmp:
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            PROOFDESK_DATA_DIR=str(Path(tmp) / "data"),
            XDG_CONFIG_HOME=str(Path(tmp) / "config"),
            XDG_CACHE_HOME=str(Path(tmp) / "cache"),
            PROOFDESK_BENCH_FIRST_PAGE="1",
        )
        env["PROOFDESK_BENCH_T0"] = repr(time.time())
        proc = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        try:
            out, _ = proc.communicate(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
            code = None
        else:
            code = proc.returncode
    for line in out.splitlines():
        if line.startswith(marker):
            fields = dict(part.split("=", 1) for part in line.split()[1:])
            return Launch(float(fields["seconds"]), int(fields["rss_kb"]), code)
    return None


def _median_launch(cmd: list[str], marker: str, runs_wanted: int = RUNS) -> Launch | None:
    runs = [_launch(cmd, marker)]
    if runs[0] is not None:  # a missing hook fails once, not runs_wanted times
        runs += [_launch(cmd, marker) for _ in range(runs_wanted - 1)]
    if any(r is None for r in runs):
        return None
    done = [r for r in runs if r is not None]
    codes = {r.returncode for r in done}
    return Launch(
        statistics.median(r.seconds for r in done),
        int(statistics.median(r.rss_kb for r in done)),
        max(codes, key=lambda c: c != 0) if codes else None,  # a failure wins
    )


def _wall(cmd: list[str]) -> float:
    """Median wall seconds of ``RUNS`` runs of ``cmd``."""
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def pdftoppm_seconds(pdf: Path) -> float | None:
    if shutil.which("pdftoppm") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        return _wall(["pdftoppm", "-r", "110", "-f", "1", "-l", "1", str(pdf), tmp + "/p"])


def startup_seconds() -> float:
    """Wall time of ``python -c pass``: the interpreter's own start."""
    return _wall([sys.executable, "-c", "pass"])


def import_seconds(module: str) -> float:
    """Median time of ``import module`` inside a fresh interpreter."""
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    times = []
    for _ in range(RUNS):
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
        times.append(float(out.stdout.decode().split()[-1]))
    return statistics.median(times)


def _app_row(name: str, app: Launch | None, hook: bool, baseline: float | None) -> Row:
    if app is None:
        note = "n/a (gui hook missing)" if not hook else f"n/a (no line within {WAIT_S:.0f} s)"
        return Row(
            name, None, baseline, unit="s", note=note, baseline_name="bare window + pdftoppm"
        )
    if app.returncode not in (0,):
        name += f" — app exit code {app.returncode}"
    return Row(name, app.seconds, baseline, unit="s", baseline_name="bare window + pdftoppm")


def run(docs: Docs) -> list[Row]:
    bare = _median_launch([sys.executable, str(ROOT / "bench" / "bare_window.py")], BARE_LINE)
    hook = (ROOT / "gui" / "app.py").is_file() and APP_LINE in (ROOT / "gui" / "app.py").read_text()
    rows = []
    apps: dict[int, Launch | None] = {}
    for pages, pdf in ((docs.pages, docs.big), (10, docs.small)):
        ppm = pdftoppm_seconds(pdf)
        base = bare.seconds + ppm if bare is not None and ppm is not None else None
        apps[pages] = _median_launch(_app_command(pdf), APP_LINE, APP_RUNS) if hook else None
        rows.append(
            _app_row(f"launch → first page visible, {pages} pages", apps[pages], hook, base)
        )
    big = apps[docs.pages]
    rows.append(
        Row(
            f"RSS at first page visible, {docs.pages} pages",
            big.rss_kb / 1024 if big else None,
            bare.rss_kb / 1024 if bare else None,
            unit="MB",
            note="n/a",
            baseline_name="bare window",
        )
    )
    small = apps[10]
    rows.append(
        Row(
            f"RSS of the GUI at first page visible, {docs.pages} vs 10 pages",
            big.rss_kb / 1024 if big else None,
            small.rss_kb / 1024 if small else None,
            unit="MB",
            goal="≤ 1.2×",
            baseline_name="GUI, 10 pages",
        )
    )
    rows.append(
        Row(
            "import pymupdf (pymupdf-lite), fresh interpreter",
            import_seconds("pymupdf"),
            startup_seconds(),
            unit="s",
            goal=FULL_PYMUPDF_NOTE,
            baseline_name="python -c pass, wall",
        )
    )
    rows.append(
        Row(
            "import gui.app (the GUI; PyMuPDF loads later, on the store thread)",
            import_seconds("gui.app"),
            import_seconds("PySide6.QtWidgets"),
            unit="s",
            baseline_name="import PySide6.QtWidgets",
        )
    )
    return rows
