"""Every spelling of an API key, and the check that a text holds none of them."""

from __future__ import annotations

import base64
import json
from urllib.parse import quote, quote_plus


def spellings(key: str) -> dict[str, str]:
    """Every way the key could show: as it is, escaped for JSON or a URL, and every 16
    characters of its base64 at each alignment (std and URL-safe)."""
    found = {
        "as is": key,
        "JSON": json.dumps(key)[1:-1],
        "JSON ascii": json.dumps(key, ensure_ascii=True)[1:-1],
        "URL": quote(key, safe=""),
        "URL+": quote_plus(key),
    }
    raw = key.encode()
    for lead in range(3):
        for name, encode in (("b64", base64.b64encode), ("b64url", base64.urlsafe_b64encode)):
            text = encode(b"\0" * lead + raw).decode()[4 if lead else 0 : -4]
            for i in range(0, max(1, len(text) - 16), 4):
                found[f"{name}@{lead}+{i}"] = text[i : i + 16]
    return found


def leaks(text: str, key: str) -> list[str]:
    folded = text.lower()
    return [name for name, form in spellings(key).items() if form.lower() in folded]


def assert_clean(where: str, text: str, key: str) -> None:
    found = leaks(text, key)
    assert not found, f"the key leaked into {where} ({', '.join(found)}): {text[:2000]!r}"
