#!/usr/bin/env bash
# Installs the Debian packages ProofDesk needs at run and test time, when they
# are missing. Root installs them; anyone else gets the apt-get line to run.
# Why each: Qt's xcb/EGL runtime libraries (real windows and offscreen tests),
# a Traditional Chinese font (without one CJK text renders as boxes), Xvfb for
# screenshots, poppler-utils (pdftoppm) as the benchmark's rendering baseline,
# Tesseract with Traditional Chinese + English as an offline alternate OCR engine,
# desktop-file-utils (desktop-file-validate) to check the packaged menu entry.
set -euo pipefail
PKGS=(libglib2.0-0 libgl1 libegl1 libxkbcommon0 libfreetype6 libfontconfig1 libdbus-1-3
      xvfb xauth libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
      libxcb-render-util0 libxcb-render0 libxcb-shape0 libxcb-util1 libxcb-xkb1
      libxkbcommon-x11-0 fonts-noto-cjk poppler-utils
      tesseract-ocr tesseract-ocr-chi-tra tesseract-ocr-eng desktop-file-utils)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# PostgreSQL's server binaries (initdb, pg_ctl; 15 on Debian 12) for the team store's tests and
# bench (tests/team/pg_cluster.py starts a throw-away cluster from them).
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "proofdesk: installing system packages: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "proofdesk: missing system packages: ${missing[*]}" >&2
  echo "  install them with: sudo apt-get install ${missing[*]}" >&2
fi
