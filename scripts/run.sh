#!/usr/bin/env bash
# Launch ProofDesk (sets itself up on first run). With no file it opens the
# bundled sample document.
set -euo pipefail
# The setup runs in the checkout; the app starts where the command was typed, so a
# relative path to a PDF means what it says.
root="$(cd "$(dirname "$0")/.." && pwd)"
(cd "$root" && bash scripts/setup.sh)
exec "$root/.venv/bin/proofdesk" "$@"
