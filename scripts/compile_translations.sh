#!/usr/bin/env bash
# Compile the catalogues (not committed: built here, by setup.sh and by packaging):
# the Qt .ts files to .qm beside them (pyside6-lrelease), the backend .po files
# to .mo beside them (Babel). Cheap (about a second); re-running is harmless.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PROOFDESK_PYTHON:-.venv/bin/python}
bin=$(dirname "$PYTHON")
for ts in resources/translations/*.ts; do
  "$bin/pyside6-lrelease" -silent "$ts" -qm "${ts%.ts}.qm"
done
for po in resources/translations/backend/*.po; do
  lang=$(basename "$po" .po)
  "$bin/pybabel" -q compile -l "$lang" -i "$po" -o "${po%.po}.mo"
done
