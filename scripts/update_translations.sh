#!/usr/bin/env bash
# Refresh the zh_TW catalogue from every self.tr() string in gui/ (keeps existing
# translations; marks vanished strings obsolete). Run after moving or adding UI text.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t sources < <(find gui -name '*.py' | sort)
.venv/bin/pyside6-lupdate -no-obsolete "${sources[@]}" -ts resources/translations/proofdesk_zh_TW.ts
