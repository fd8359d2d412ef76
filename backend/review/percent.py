"""How an agreement is written, everywhere it is shown: the page list, the Compare dock,
the run comparison, the report, the CLI.

One number, one rounding (issue 28: the page list truncated 97.96% to "97%" while the
Compare dock and the report rounded it to "98.0%"). One decimal, rounded half up; a
reading that is not the same as the transcript never shows as "100.0%", since that
would tell the reviewer there is nothing to check.
"""

from __future__ import annotations

import math

NONE = "—"  # no alternate to compare with


def agreement_percent(value: float | None) -> str:
    """``0.97963`` → ``"98.0%"``; ``None`` → ``"—"``."""
    if value is None:
        return NONE
    tenths = math.floor(value * 1000 + 0.5)
    if tenths >= 1000 and value < 1.0:
        tenths = 999  # not the same text: never "100.0%"
    return f"{tenths / 10:.1f}%"
