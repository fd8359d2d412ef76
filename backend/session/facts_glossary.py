"""The document's glossary (issue 24 point 5): the terms a reviewer adds (a name, a
place, a company), kept with the document in its store's settings, and a small file
to carry them to the other files of a case.

The file: JSON (``{"glossary": [terms]}``, or a bare list) when its name ends in
``.json``; else one term per line (a TSV's first column; ``#`` starts a comment), so
a spreadsheet's column or a plain list works as well.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from backend.errors import ImportError_
from backend.i18n import _

GLOSSARY_KEY = "facts_glossary"  # the store's meta key: a JSON list of terms
MAX_TERM = 100  # characters: a name or a company, never a paragraph
MAX_TERMS = 5000
MAX_FILE = 2_000_000  # bytes: far beyond any glossary; refused before reading


def clean_terms(terms: Iterable[str]) -> tuple[str, ...]:
    """Terms as kept: NFC, spaces trimmed, no control characters, no empty or repeated
    term, in the order given. A term too long, or too many, is refused (``ImportError_``)."""
    kept: dict[str, None] = {}
    for raw in terms:
        term = unicodedata.normalize("NFC", "".join(ch for ch in raw if ch.isprintable()))
        term = term.strip()
        if not term:
            continue
        if len(term) > MAX_TERM:
            raise ImportError_(
                _("A glossary term is at most {n} characters: {term}…").format(
                    n=MAX_TERM, term=term[:20]
                )
            )
        kept[term] = None
    if len(kept) > MAX_TERMS:
        raise ImportError_(_("A glossary holds at most {n} terms.").format(n=MAX_TERMS))
    return tuple(kept)


def encode_terms(terms: Iterable[str]) -> str:
    return json.dumps(list(terms), ensure_ascii=False)


def decode_terms(stored: str | None) -> tuple[str, ...]:
    """The stored glossary; a damaged value is an empty glossary, not a failed open."""
    if not stored:
        return ()
    try:
        value = json.loads(stored)
        return clean_terms(str(t) for t in value) if isinstance(value, list) else ()
    except (ValueError, ImportError_):
        return ()


def export_glossary(terms: Iterable[str], path: Path) -> None:
    """Write the terms to ``path`` (JSON for ``.json``, else one per line)."""
    terms = list(terms)
    if path.suffix.lower() == ".json":
        body = json.dumps({"glossary": terms}, ensure_ascii=False, indent=1) + "\n"
    else:
        body = "".join(f"{t}\n" for t in terms)
    path.write_text(body, encoding="utf-8")


def import_glossary(path: Path) -> tuple[str, ...]:
    """The terms in a glossary file (cleaned: ``clean_terms``)."""
    if path.stat().st_size > MAX_FILE:
        raise ImportError_(_("{path} is too large for a glossary.").format(path=path.name))
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportError_(
            _("{path} is not UTF-8 text: not a glossary.").format(path=path.name)
        ) from exc
    if path.suffix.lower() == ".json":
        return clean_terms(_json_terms(text, path))
    lines = (line.split("\t", 1)[0] for line in text.splitlines())
    return clean_terms(line for line in lines if not line.lstrip().startswith("#"))


def _json_terms(text: str, path: Path) -> list[str]:
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if isinstance(value, dict):
        value = value.get("glossary")
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise ImportError_(
            _('{path} holds no glossary: a JSON list of terms, or {{"glossary": [...]}}.').format(
                path=path.name
            )
        )
    return value
