"""The zh_TW catalogues as the translation tests read them: the Qt .ts file's live messages
(``ts_messages``) and the backend .po file's (``po_messages``)."""

from __future__ import annotations

import io
from pathlib import Path
from xml.etree import ElementTree

from babel.messages.pofile import read_po

from tests.conftest import ROOT

TRANSLATIONS = ROOT / "resources" / "translations"
TS = TRANSLATIONS / "proofdesk_zh_TW.ts"
PO = TRANSLATIONS / "backend" / "zh_TW.po"


def ts_messages(path: Path = TS) -> list[tuple[str, str, str | None, str]]:
    """(context, source, translation type, translation) of every live message."""
    root = ElementTree.parse(path).getroot()
    found = []
    for context in root.iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            kind = translation.get("type") if translation is not None else "unfinished"
            if kind in ("obsolete", "vanished"):
                continue
            text = (translation.text or "") if translation is not None else ""
            found.append(
                (context.findtext("name") or "", message.findtext("source") or "", kind, text)
            )
    return found


def po_messages(path: Path = PO) -> list[tuple[str, str]]:
    catalog = read_po(io.BytesIO(path.read_bytes()), locale="zh_TW")
    return [(m.id, str(m.string)) for m in catalog if isinstance(m.id, str) and m.id]
