#!/usr/bin/env bash
# ONE command refreshes both catalogues from the code and recompiles them:
#  - the Qt catalogue (resources/translations/proofdesk_zh_TW.ts) from every
#    self.tr() string in gui/ (keeps existing translations; drops vanished ones);
#  - the backend catalogue (resources/translations/backend/proofdesk.pot, merged
#    into zh_TW.po) from every _() / N_() string in backend/ (Babel; a changed
#    English string keeps its old translation marked fuzzy until someone checks it).
# Then translate what is new (tests/gui/app/test_translations_complete.py lists it).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t sources < <(find gui -name '*.py' | sort)
.venv/bin/pyside6-lupdate -no-obsolete "${sources[@]}" -ts resources/translations/proofdesk_zh_TW.ts
cat=resources/translations/backend
PYTHONPATH=scripts .venv/bin/pybabel -q extract -F "$cat/babel.cfg" --no-default-keywords \
  -k _ -k N_ --add-comments=meaning --add-location=file --sort-by-file --project=ProofDesk \
  --msgid-bugs-address="" --copyright-holder="ProofDesk" -o "$cat/proofdesk.pot" .
if [ -f "$cat/zh_TW.po" ]; then
  .venv/bin/pybabel -q update --ignore-obsolete -i "$cat/proofdesk.pot" -l zh_TW -o "$cat/zh_TW.po"
else
  .venv/bin/pybabel -q init -i "$cat/proofdesk.pot" -l zh_TW -o "$cat/zh_TW.po"
fi
bash scripts/compile_translations.sh
# What is left to translate (the tests fail until it is nothing):
.venv/bin/python scripts/translation_status.py --list || true
