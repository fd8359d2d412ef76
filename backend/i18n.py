"""The backend's message catalogue: every user-visible backend string goes through ``_()``.

Write ``_("Cannot open {path}.").format(path=name)``: the template is the
catalogue key, so keep the placeholders inside it and format afterwards (an
f-string would make a new key for every value). ``N_()`` marks a string for
extraction without translating it where it is defined (module-level tables);
translate it with ``_()`` where it is shown.

The language is chosen once per process (``set_language``); the GUI sets it
from its UI language, the CLI from the locale. Until then, and for any string
the catalogue lacks, the English template is returned unchanged.
"""

from __future__ import annotations

import gettext

_translations: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """The message in the chosen language (the English template if untranslated)."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it here."""
    return message


def set_translations(translations: gettext.NullTranslations) -> None:
    """Use ``translations`` for every later ``_()`` call in this process."""
    global _translations
    _translations = translations
