#!/usr/bin/env bash
# The flake hunt: the README's test command, whole, in fresh clones of HEAD, once per mode:
#   ci      as CI runs it (CI=true, nothing else running);
#   hog     the same with both cores kept busy by a CPU hog this script starts and stops;
#   random  the same in a random test order (pytest-randomly, installed into that clone's
#           venvs only: CI never has it), its seed printed in the log.
# Prints a table (mode, exit, passed, failed, minutes) and every failing test id.
#   bash scripts/flake_hunt.sh [ci] [hog] [random]     (default: all three, in that order)
# Each run takes 20-40 minutes on 2 cores; the clones are left in $HUNT_DIR for reading.
set -uo pipefail
cd "$(dirname "$0")/.."
modes=("$@")
[ ${#modes[@]} -eq 0 ] && modes=(ci hog random)
HUNT_DIR=${HUNT_DIR:-$(mktemp -d /tmp/flake-hunt.XXXX)}
head=$(git rev-parse --short HEAD)
hog_pids=()
stop_hog() { [ ${#hog_pids[@]} -gt 0 ] && kill "${hog_pids[@]}" 2>/dev/null; hog_pids=(); }
trap stop_hog EXIT INT TERM
rows=()
for mode in "${modes[@]}"; do
  clone="$HUNT_DIR/$mode"
  rm -rf "$clone" && git clone -q . "$clone"
  log="$HUNT_DIR/$mode.log"
  echo "== $mode: $clone (HEAD $head), log $log"
  if [ "$mode" = random ]; then
    (cd "$clone" && bash scripts/setup.sh --with-headless >/dev/null 2>&1 \
      && .venv/bin/python -m pip install -q pytest-randomly \
      && .venv-headless/bin/python -m pip install -q pytest-randomly) \
      || { echo "could not install pytest-randomly" >&2; exit 1; }
  fi
  if [ "$mode" = hog ]; then
    for _ in $(seq "$(nproc)"); do (while :; do :; done) & hog_pids+=($!); done
  fi
  start=$(date +%s)
  (cd "$clone" && CI=true bash scripts/test.sh </dev/null) >"$log" 2>&1
  rc=$?
  if ! grep -q "^== all tests" "$log"; then
    # test.sh stops at the first failing stage; a hunt wants every stage's flakes.
    echo "== all tests (run by the hunt: test.sh stopped before it)" >>"$log"
    (cd "$clone" && CI=true QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -q -p no:cacheprovider \
      tests </dev/null) >>"$log" 2>&1
  fi
  minutes=$(( ($(date +%s) - start + 30) / 60 ))
  stop_hog
  summaries=$(grep -E "^[0-9]+ (passed|failed)|^=+ .*(passed|failed)" "$log" | sed 's/=//g' | tr '\n' ';')
  rows+=("| $mode | $rc | ${summaries:-none} | $minutes |")
  grep -E "^(FAILED|ERROR) |Using --randomly-seed" "$log" | sed "s/^/   [$mode] /"
done
echo
echo "Flake hunt at $head ($(date -u +%F), $(nproc) cores):"
echo "| mode | exit | summary lines (backend without Qt; all tests) | minutes |"
echo "|---|---|---|---|"
printf '%s\n' "${rows[@]}"
