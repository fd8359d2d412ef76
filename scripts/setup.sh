#!/usr/bin/env bash
# Creates or refreshes .venv (the app + dev tools) and .venv-headless (the
# Qt-free backend environment the backend tests run in). Re-running is cheap:
# each venv is rebuilt only when pyproject.toml changed since it was built.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
bash scripts/system-deps.sh
PAGE_SCHEMA="ocrd-validators==2.67.1"
stamp=$(sha256sum pyproject.toml scripts/setup.sh scripts/headless_requirements.py | sha256sum | cut -c1-16)

make_venv() {  # $1 dir, rest: pip install args
  local dir=$1; shift
  if [ -f "$dir/.proofdesk-stamp" ] && [ "$(cat "$dir/.proofdesk-stamp")" = "$stamp" ]; then
    return 0
  fi
  echo "proofdesk: preparing $dir (first run takes a minute or two)" >&2
  if [ ! -x "$dir/bin/python" ]; then  # otherwise update in place: much faster
    "$PY" -m venv "$dir"
    "$dir/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null
  fi
  "$dir/bin/python" -m pip install -q --disable-pip-version-check "$@" 2> >(grep -v "^WARNING: Location" >&2)
  # The PAGE XML schema the tests validate against (page.xsd): only the file is used,
  # so the package comes without its dependencies (the OCR-D framework's: pydantic 1,
  # OpenCV, FastAPI, Docker...), which the app and the tests never import.
  "$dir/bin/python" -m pip install -q --disable-pip-version-check --no-deps "$PAGE_SCHEMA" \
    2> >(grep -v "^WARNING: Location" >&2)
  echo "$stamp" > "$dir/.proofdesk-stamp"
}

make_venv .venv -e ".[dev]"
bash scripts/compile_translations.sh  # the .qm/.mo catalogues are built, not committed
if [ "${1:-}" = "--with-headless" ]; then
  # The headless venv gets the backend's dependencies but not PySide6/qasync,
  # so "the backend works without Qt" is tested, not assumed.
  mapfile -t reqs < <(.venv/bin/python scripts/headless_requirements.py)
  make_venv .venv-headless "${reqs[@]}"
  .venv-headless/bin/python -m pip install -q --disable-pip-version-check --no-deps -e . \
    >/dev/null 2>&1 || { echo "proofdesk: installing into .venv-headless failed" >&2; exit 1; }
fi
