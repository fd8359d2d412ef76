"""Hypothesis profiles: the same examples on every CI run, fresh ones at a desk,
many more when exploring (``scripts/explore.sh``).

- ``ci`` (loaded when ``CI`` is set): derandomised (examples drawn from each test's
  own source, so a run on any machine checks exactly what the last one checked), no
  example database, and the reproduction blob of any failure printed. Hypothesis's
  draws from the project's own constants are switched off here (``pin_draws``).
- ``default`` (a developer's run): random examples, failures saved to ``.hypothesis/``
  and replayed first next time.
- ``explore``: ``EXPLORE_FACTOR`` times each test's examples, no database, blobs printed.

``HYPOTHESIS_PROFILE`` picks one by name. No profile has a deadline or the too-slow
health check: both time the machine, and a busy machine is not a failing test.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis.internal.conjecture import providers

PROFILE_VARIABLE = "HYPOTHESIS_PROFILE"
EXPLORE_FACTOR = 5
_TIMED = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def load_profile() -> str:
    """Registers the three profiles and loads the one this run asks for."""
    settings.register_profile("ci", derandomize=True, database=None, print_blob=True, **_TIMED)
    settings.register_profile("default", print_blob=True, **_TIMED)
    settings.register_profile("explore", database=None, print_blob=True, **_TIMED)
    name = os.environ.get(PROFILE_VARIABLE) or ("ci" if os.environ.get("CI") else "default")
    settings.load_profile(name)
    if name == "ci":
        pin_draws()
    return name


def pin_draws() -> None:
    """Derandomised examples that depend on the test alone.

    Hypothesis (6.131 on) now and then draws a constant found in any *loaded* local
    module (``backend/``, ``gui/``, ``bench/``). So the "same" derandomised examples
    changed with every edit to the code and with which modules the run had imported
    before the test: the backend-only phase and the full run drew different examples,
    and a CI failure did not replay as ``CI=true pytest <that file>``. The pool is
    reached only through ``providers._get_local_constants`` (private: no setting
    exists), so it is pinned to the empty pool; a Hypothesis without it is left alone.
    """
    if callable(getattr(providers, "_get_local_constants", None)) and hasattr(
        providers, "_local_constants"
    ):
        empty = type(providers._local_constants)()
        providers._get_local_constants = lambda: empty


def examples(n: int) -> settings:
    """``@examples(150)``: a test's number of examples, scaled up when exploring (a
    number written on the test would otherwise win over the profile's)."""
    exploring = os.environ.get(PROFILE_VARIABLE) == "explore"
    return settings(max_examples=n * EXPLORE_FACTOR if exploring else n)
