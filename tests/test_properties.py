"""CI's derandomised examples depend on the test alone, not on what else is loaded."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Draws a derandomised test's examples, loads a local module full of constants, and
# draws the same test's examples again. Hypothesis mixes loaded modules' constants
# into its draws, so without the pin the second list differs.
SCRIPT = textwrap.dedent(
    """
    import importlib, sys
    from hypothesis import given, settings, strategies as st
    from tests.properties import load_profile

    print(load_profile())
    sys.path.insert(0, sys.argv[1])

    def draws():
        seen = []

        @settings(max_examples=300)
        @given(st.integers(), st.text(max_size=8))
        def probe(n, s):
            seen.append((n, s))

        probe()
        return seen

    before = draws()
    importlib.import_module("constants_module")
    after = draws()
    print(before == after)
    """
)


def test_ci_examples_do_not_change_when_another_module_is_loaded(tmp_path: Path) -> None:
    module = tmp_path / "constants_module.py"
    values = ", ".join(str(n) for n in range(7_000_001, 7_000_401))
    words = ", ".join(f'"ζ{n}"' for n in range(400))
    module.write_text(f"NUMBERS = [{values}]\nWORDS = [{words}]\n", encoding="utf-8")
    env = {**os.environ, "CI": "true", "PYTHONPATH": str(ROOT)}
    env.pop("HYPOTHESIS_PROFILE", None)
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["ci", "True"], run.stdout + run.stderr
