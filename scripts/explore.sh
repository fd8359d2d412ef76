#!/usr/bin/env bash
# Explores the property tests (hypothesis) with fresh seeds for MINUTES (default 10):
# each round runs every property test under the `explore` profile (5x each test's
# examples, no example database) with a new --hypothesis-seed, and prints each new
# failure with what reproduces it. CI replays fixed examples (the `ci` profile); this
# is how new ones are found. A bug it finds becomes an explicit @example and a fix.
# A round pytest ends with no test failing but a non-zero status (a bad path, no
# property test collected, an internal error) counts as a failure too: it checked nothing.
#   bash scripts/explore.sh [MINUTES] [pytest paths or -k ...]
set -uo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
shift || true
paths=("$@")
[ ${#paths[@]} -eq 0 ] && paths=(tests)
[ -x .venv/bin/python ] || bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen HYPOTHESIS_PROFILE=explore
unset CI  # the ci profile would derandomise: the same examples every round
end=$(($(date +%s) + minutes * 60))
logs=$(mktemp -d)
rounds=0 failures=0
while [ "$(date +%s)" -lt "$end" ]; do
  seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
  rounds=$((rounds + 1))
  log="$logs/round-$rounds-seed-$seed.log"
  echo "== round $rounds, --hypothesis-seed=$seed ($(( (end - $(date +%s)) / 60 )) min left)"
  # The round is stopped when the time is up; a stopped round reports nothing new.
  timeout --signal=INT $((end - $(date +%s) + 5)) .venv/bin/python -m pytest -q -p no:cacheprovider \
    -m hypothesis --hypothesis-seed="$seed" -o timeout=0 "${paths[@]}" >"$log" 2>&1
  rc=$?
  if [ "$(date +%s)" -ge "$end" ] && { [ $rc -eq 2 ] || [ $rc -eq 124 ]; }; then
    echo "   (stopped at the time limit)"
    break
  fi
  found=$(grep -cE "^(FAILED|ERROR) " "$log")
  if [ $rc -ne 0 ] && [ "$found" -eq 0 ]; then
    # pytest failed with no test failing: a bad path or option (4), no property test
    # collected (5), an internal error (3), an interrupt (2) or a crash. Not a clean
    # round: it counts as a failure, with the log's end to say why.
    failures=$((failures + 1))
    echo "!! round $rounds: pytest exited $rc with no test failing; full log: $log"
    tail -n 25 "$log" | sed 's/^/   /'
    # A bad path, or nothing to run, is the same with every seed: no more rounds.
    { [ $rc -eq 4 ] || [ $rc -eq 5 ]; } && break
    continue
  fi
  if [ "$found" -gt 0 ]; then
    failures=$((failures + found))
    echo "!! round $rounds: $found failure(s); full log: $log"
    grep -E "^(FAILED|ERROR) |Falsifying example|^[a-z_]+=|@reproduce_failure|^E  " "$log" | head -80
    echo "   reproduce: HYPOTHESIS_PROFILE=explore .venv/bin/python -m pytest -p no:cacheprovider --hypothesis-seed=$seed TEST_ID"
  fi
  grep -E "passed|failed" "$log" | tail -1
done
echo "== explore: $rounds round(s) in $minutes min, $failures failure(s); logs in $logs"
[ "$failures" -eq 0 ]
