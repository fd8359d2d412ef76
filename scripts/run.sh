#!/usr/bin/env bash
# Launch ProofDesk (sets itself up on first run). With no file it opens the
# bundled sample document.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/proofdesk "$@"
