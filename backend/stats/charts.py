"""The statistics' charts as PNG images: one drawing for the Statistics dialog and the report.

matplotlib draws them with its Agg renderer, without Qt: the dialog shows the PNG
(rendered at the screen's pixel ratio) and the report export, a backend module that
cannot use Qt, embeds the same bytes. Qt Charts would have needed PySide6's add-ons
(~300 MB more in the packaged app, which ships pyside6-essentials only) and could not
draw for the report.

Chinese labels are set in the Traditional Chinese face of Noto Sans CJK (the TC face
of the collection ``fonts-noto-cjk`` installs, by its family name: the collection's
first face is the Japanese one), never in a face without the glyphs (tofu). Every
label goes through the backend catalogue, so zh_TW charts have zh_TW words.

matplotlib is imported only here, when a chart is drawn (importing it costs ~0.3 s),
and keeps its font list under the data folder's ``cache/matplotlib`` (it would
otherwise write to ``~/.config`` or ``~/.cache``). Nothing is computed here that
``figures`` computes: the charts draw its rows.
"""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from backend.i18n import _
from backend.settings.paths import data_dir, make_private_dir
from backend.stats.figures import SourceRow, Statistics

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

# The faces tried in order for every label: the TC faces the GUI prefers (Noto on Linux,
# JhengHei on Windows, PingFang on macOS), then matplotlib's own Latin face.
FACES = ("Noto Sans CJK TC", "Microsoft JhengHei", "PingFang TC", "DejaVu Sans")
WIDTH_IN, HEIGHT_IN = 6.4, 3.2  # one chart; the dialog and the report show them so
BAR_COLOUR, CRITICAL_COLOUR, PLAIN_COLOUR = "#3b6ea8", "#b00020", "#9aa5b1"
# matplotlib's pyplot-free objects are independent, but its rc settings and font cache
# are global: one chart is drawn at a time.
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Chart:
    name: str  # cer_model, cer_prompt, time_per_page, corrections, progress
    title: str  # translated
    png: bytes


def charts(stats: Statistics, *, scale: float = 1.0) -> list[Chart]:
    """The charts the statistics have figures for (none for an empty history).
    ``scale``: the screen's device pixel ratio (the PNG has that many more pixels)."""
    drawers: list[tuple[str, str, Callable[[Axes, Statistics], bool]]] = [
        ("cer_model", _("CER by model"), lambda ax, s: _cer(ax, s, "model")),
        ("cer_prompt", _("CER by prompt"), lambda ax, s: _cer(ax, s, "prompt")),
        ("time_per_page", _("Time per page over the document"), _time_per_page),
        ("corrections", _("Corrections by kind"), _corrections),
        ("progress", _("Progress and pace"), _progress),
    ]
    out = []
    with _LOCK, _drawing():
        for name, title, draw in drawers:
            png = _draw(title, stats, draw, scale)
            if png is not None:
                out.append(Chart(name, title, png))
    return out


def font_families() -> list[str]:
    """The label faces this machine has, in ``FACES`` order (matplotlib warns of each
    family it cannot find, so the list holds only those it knows)."""
    from matplotlib import font_manager

    known = {f.name for f in font_manager.fontManager.ttflist}
    return [f for f in FACES if f in known] or ["DejaVu Sans"]


def prepare() -> None:
    """Point matplotlib's config and cache folder under ours before it is first imported."""
    if "MPLCONFIGDIR" not in os.environ:
        try:
            folder = make_private_dir(data_dir() / "cache" / "matplotlib")
        except OSError:  # an unwritable data folder: matplotlib uses a temporary one
            return
        os.environ["MPLCONFIGDIR"] = str(folder)


@contextmanager
def _drawing() -> Iterator[None]:
    prepare()
    import matplotlib

    rc: Any = {  # matplotlib's stubs type each key's value: a dict of several is Any
        "font.family": font_families(),
        "font.size": 9,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.titlesize": 10,
        "svg.fonttype": "none",
    }
    with matplotlib.rc_context(rc):
        yield


def _draw(
    title: str, stats: Statistics, draw: Callable[[Axes, Statistics], bool], scale: float
) -> bytes | None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(WIDTH_IN, HEIGHT_IN), dpi=100 * scale, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    if not draw(ax, stats):
        return None
    ax.set_title(title, loc="left")
    return _png(fig)


def _png(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    # No metadata: the same figures make the same bytes (the report's tests compare them).
    fig.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def source_label(row: SourceRow) -> str:
    """A source as a person names it: its model (or engine), and its prompt's name."""
    key = row.key
    name = key.get("model") or key.get("engine") or key.get("server") or "?"
    prompt = key.get("prompt_name") or key.get("prompt_sha256", "")[:12]
    if prompt:  # an offline engine has none
        name = f"{name} | {prompt}"
    return name if len(name) <= 48 else name[:47] + "…"


def _cer(ax: Axes, stats: Statistics, grouping: str) -> bool:
    rows = [r for r in stats.sources.get(grouping, []) if r.pooled_cer is not None]
    if not rows:
        return False
    labels = [source_label(r) for r in rows]
    values = [100 * (r.pooled_cer or 0.0) for r in rows]
    places = list(range(len(rows)))
    ax.barh(places, values, color=BAR_COLOUR)
    ax.set_yticks(places, labels)
    ax.invert_yaxis()  # the first row at the top, as in the tables
    for y, v, r in zip(places, values, rows, strict=True):
        ax.annotate(
            _("{cer:.2f}% ({pages} pages)").format(cer=v, pages=r.pages_compared),
            (v, y),
            xytext=(3, 0),
            textcoords="offset points",
            va="center",
        )
    ax.set_xlabel(_("CER against the approved text (all characters, %)"))
    ax.set_xlim(0, max(values) * 1.35 or 1)
    return True


def _time_per_page(ax: Axes, stats: Statistics) -> bool:
    import numpy as np

    timed = [(p.page, sum(p.seconds.values()) / 60) for p in stats.pages if p.seconds]
    if not timed:
        return False
    last = max(stats.document.pages, max(page for page, _m in timed) + 1)
    minutes = np.zeros(last)
    for page, m in timed:
        minutes[page] = m
    # One filled outline, not a bar per page: 3,000 bars took 4 s to draw, this 0.3 s.
    ax.stairs(minutes, np.arange(last + 1) + 0.5, fill=True, color=BAR_COLOUR)
    median = stats.document.seconds_per_page
    if median is not None:
        ax.axhline(median / 60, color=CRITICAL_COLOUR, linewidth=1, linestyle="--")
        label = _("median {minutes:.1f} min").format(minutes=median / 60)
        ax.annotate(label, (1, median / 60), xycoords=("axes fraction", "data"),
                    xytext=(-3, 3), textcoords="offset points", ha="right",
                    color=CRITICAL_COLOUR)  # fmt: skip
    ax.set_xlabel(_("page"))
    ax.set_ylabel(_("minutes"))
    ax.set_xlim(0.5, last + 0.5)
    ax.set_ylim(0, None)
    return True


def _corrections(ax: Axes, stats: Statistics) -> bool:
    """Per model (each page's first reading): the approved pages read as approved, those
    corrected, and those with a critical correction (a number or a modal word)."""
    kinds: dict[str, list[int]] = {}
    for p in stats.pages:
        if p.chars_changed is None:
            continue
        counts = kinds.setdefault(p.model or p.engine or "?", [0, 0, 0])
        counts[0 if p.chars_changed == 0 else 2 if p.critical else 1] += 1
    if not kinds:
        return False
    names = sorted(kinds)
    places = list(range(len(names)))
    left = [0] * len(names)
    parts = (
        (_("unchanged"), "#c8d6c0"),
        (_("corrected"), PLAIN_COLOUR),
        (_("critical: a number or a modal word"), CRITICAL_COLOUR),
    )
    for i, (label, colour) in enumerate(parts):
        widths = [kinds[n][i] for n in names]
        ax.barh(places, widths, left=left, color=colour, label=label)
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.set_yticks(places, names)
    ax.invert_yaxis()
    ax.set_xlabel(_("approved pages (by their first machine reading)"))
    ax.set_xlim(0, max(left) * 1.6)  # room for the legend beside the bars
    ax.legend(loc="center right", fontsize=8, frameon=False)
    return True


def _progress(ax: Axes, stats: Statistics) -> bool:
    d = stats.document
    if not d.by_day:
        return False
    import numpy as np

    days = np.array([day.date for day in d.by_day], dtype="datetime64[D]")
    totals = [day.total for day in d.by_day]
    ax.plot(days, totals, marker="o", markersize=3, color=BAR_COLOUR, label=_("approved"))
    ax.axhline(d.pages, color=PLAIN_COLOUR, linewidth=1)
    if d.pages_per_day and d.working_days_left:
        # The days left are working days (days with approvals): weekdays on the calendar.
        ahead = int(-(-d.working_days_left // 1))
        end = np.busday_offset(days[-1], ahead, roll="forward")
        pace = _("at {n:.1f} pages a day: about {days:.1f} working days left").format(
            n=d.pages_per_day, days=d.working_days_left
        )
        line = np.array([days[-1], end])
        ax.plot(line, [totals[-1], d.pages], "--", color=CRITICAL_COLOUR, label=pace)
    ax.set_ylabel(_("pages approved"))
    ax.set_ylim(0, d.pages * 1.05 or 1)
    _date_axis(ax)
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    return True


def _date_axis(ax: Any) -> None:
    from matplotlib.dates import AutoDateLocator, ConciseDateFormatter

    locator = AutoDateLocator(maxticks=8)  # type: ignore[no-untyped-call]
    ax.xaxis.set_major_locator(locator)
    # Numbers only: month names would come out in English in a zh_TW chart.
    formatter = ConciseDateFormatter(  # type: ignore[no-untyped-call]
        locator,
        formats=["%Y", "%Y-%m", "%m-%d", "%H:%M", "%H:%M", "%S.%f"],
        zero_formats=["", "%Y", "%Y-%m", "%m-%d", "%H:%M", "%H:%M"],
        offset_formats=["", "%Y", "%Y-%m", "%Y-%m-%d", "%Y-%m-%d", "%Y-%m-%d %H:%M"],
    )
    ax.xaxis.set_major_formatter(formatter)
