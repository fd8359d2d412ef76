"""What the zh_TW catalogues still lack, after scripts/update_translations.sh refreshed them.

    .venv/bin/python scripts/translation_status.py [--list]

Prints how many GUI strings (resources/translations/proofdesk_zh_TW.ts) and
backend messages (resources/translations/backend/zh_TW.po) are translated; with
``--list``, the English of each untranslated (or fuzzy) one, to translate next.
The tests (tests/gui/app/test_translations_complete.py, tests/backend/core/test_i18n.py)
fail until both are complete.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from xml.etree import ElementTree

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "resources" / "translations" / "proofdesk_zh_TW.ts"
PO = ROOT / "resources" / "translations" / "backend" / "zh_TW.po"


def gui_status() -> tuple[int, list[str]]:
    """(live messages, English of the untranslated ones) of the Qt catalogue."""
    total, missing = 0, []
    for context in ElementTree.parse(TS).getroot().iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            kind = translation.get("type") if translation is not None else "unfinished"
            if kind in ("obsolete", "vanished"):
                continue
            total += 1
            if kind == "unfinished" or translation is None or not (translation.text or ""):
                missing.append(f"[{context.findtext('name')}] {message.findtext('source')}")
    return total, missing


def backend_status() -> tuple[int, list[str]]:
    """(messages, English of the untranslated or fuzzy ones) of the gettext catalogue."""
    catalog = read_po(io.BytesIO(PO.read_bytes()), locale="zh_TW")
    messages = [m for m in catalog if isinstance(m.id, str) and m.id]
    return len(messages), [m.id for m in messages if not m.string or m.fuzzy]


def main() -> int:
    listing = "--list" in sys.argv[1:]
    lacking = 0
    for name, (total, missing) in (("GUI (Qt)", gui_status()), ("backend", backend_status())):
        lacking += len(missing)
        print(f"{name}: {total - len(missing)} of {total} strings translated into zh_TW")
        if listing:
            for english in missing:
                print(f"  {english}")
    return 1 if lacking else 0


if __name__ == "__main__":
    sys.exit(main())
