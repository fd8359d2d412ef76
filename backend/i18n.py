"""The backend's message catalogue: every user-visible backend string goes through ``_()``.

Write ``_("Cannot open {path}.").format(path=name)``: the template is the
catalogue key, so keep the placeholders inside it and format afterwards (an
f-string would make a new key for every value). ``N_()`` marks a string for
extraction without translating it where it is defined (module-level tables);
translate it with ``_()`` where it is shown.

The language is chosen once per process (``set_language``): the GUI passes its
UI language (the system's, or the one chosen in settings), the CLI its
``--lang`` or the locale (``system_language``: ``PROOFDESK_LANG``, then
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them).
Until then, and for any string the catalogue lacks, the English template is
returned unchanged.

The catalogue is ``resources/translations/backend/<lang>.po`` (made and merged
by ``scripts/update_translations.sh``); ``scripts/setup.sh`` compiles it to a
``.mo`` beside it. A missing or stale ``.mo`` is compiled from the ``.po`` in
memory (Babel), so a fresh clone is translated too.
"""

from __future__ import annotations

import gettext
import io
import logging
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

log = logging.getLogger(__name__)

CATALOGUE_DIR = Path(__file__).resolve().parent.parent / "resources" / "translations" / "backend"
DOMAIN = "proofdesk"
ENGLISH = "en"
TRADITIONAL_CHINESE = "zh_TW"
LANGUAGES = (ENGLISH, TRADITIONAL_CHINESE)  # the UI languages ProofDesk ships
# Where gettext looks for the user's language, in its order; ours comes first.
LOCALE_VARIABLES = ("PROOFDESK_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# Chinese written in traditional characters: Taiwan, Hong Kong, Macau, or "Hant".
_TRADITIONAL_REGIONS = {"tw", "hk", "mo", "hant"}

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH


def _(message: str) -> str:
    """The message in the chosen language (the English template if untranslated)."""
    return _translations.gettext(message)


def list_join(items: Iterable[object]) -> str:
    """Items of a list in running text, with the language's separator: "4, 5" in
    English, "4、5" in Chinese (a ", " built in code showed 「第 4, 5 頁」)."""
    # meaning: the separator between the items of a list in a sentence (page numbers,
    # "approved 5, in progress 1"); zh_TW: 、
    return _(", ").join(str(item) for item in items)


def and_join(items: Iterable[object]) -> str:
    """Items joined by the language's "and" ("A and B"; a " and " built in code stayed
    English in the Chinese eval table and the server's advice)."""
    return _(" and ").join(str(item) for item in items)


def in_quotes(text: str) -> str:
    """``text`` quoted as the language quotes: “text” in English, 「text」 in Chinese
    (quotes added in code showed “ ” inside sentences whose own quotes were 「」)."""
    # meaning: quotation marks around a quoted piece of text; zh_TW: 「{text}」
    return _("“{text}”").format(text=text)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it here."""
    return message


def set_translations(translations: gettext.NullTranslations) -> None:
    """Use ``translations`` for every later ``_()`` call in this process."""
    global _translations
    _translations = translations


def language_for(locale_name: str) -> str | None:
    """The shipped language for a locale name ("zh_TW.UTF-8", "zh-Hant-HK", "en_GB",
    "C"), or None when the name says nothing (empty, "C", "POSIX"). Simplified
    Chinese and every other language get English: it is the only other UI."""
    name = locale_name.split(".")[0].split("@")[0].strip().replace("-", "_").lower()
    if not name or name in ("c", "posix"):
        return None
    parts = name.split("_")
    if parts[0] == "zh" and _TRADITIONAL_REGIONS & set(parts[1:]):
        return TRADITIONAL_CHINESE
    return ENGLISH


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LOCALE_VARIABLES``, first that says)."""
    values = os.environ if env is None else env
    for variable in LOCALE_VARIABLES:
        for name in values.get(variable, "").split(":"):  # LANGUAGE may list several
            language = language_for(name)
            if language is not None:
                return language
    return ENGLISH


def current_language() -> str:
    """The language ``_()`` answers in now."""
    return _language


def set_language(language: str) -> str:
    """Translate every later ``_()`` into ``language`` (a locale name is fine too);
    returns the shipped language chosen. English, or a language whose catalogue
    cannot be read, uses the English templates."""
    global _language
    chosen = language_for(language) or ENGLISH
    translations = load_catalogue(chosen) if chosen != ENGLISH else None
    if translations is None:
        chosen = ENGLISH
    set_translations(translations or gettext.NullTranslations())
    _language = chosen
    return chosen


def load_catalogue(language: str, folder: Path = CATALOGUE_DIR) -> gettext.GNUTranslations | None:
    """The compiled catalogue for ``language``: the ``.mo`` when it is at least as new
    as the ``.po``, else the ``.po`` compiled in memory. None when there is none."""
    po = folder / f"{language}.po"
    mo = folder / f"{language}.mo"
    try:
        if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
            with mo.open("rb") as handle:
                return gettext.GNUTranslations(handle)
        if po.is_file():
            return gettext.GNUTranslations(io.BytesIO(compile_po(po.read_bytes(), language)))
    except (OSError, ValueError) as exc:  # a damaged catalogue: English, not a crash
        log.warning("cannot read the %s message catalogue: %s", language, exc)
    return None


def compile_po(po_bytes: bytes, language: str) -> bytes:
    """A ``.po`` file's bytes compiled to ``.mo`` bytes (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo  # only when no fresh .mo is there
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(po_bytes), locale=language)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()
