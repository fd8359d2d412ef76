"""Default shortcuts that must differ on macOS, where Qt's "Ctrl" is the Command key.

⌘H hides the application on every Mac, so a shortcut written "Ctrl+H" for Linux
and Windows would never reach ProofDesk there; ⌥←/⌥→ move by word in any Mac text
field, the transcript included, so they do not turn pages there. ``docs/SHORTCUTS.md``
lists the desktop defaults every shortcut was checked against
(``tests/gui/shell/test_shortcuts.py``).
"""

from __future__ import annotations

import sys

# What a Linux/Windows default becomes on macOS, where the original is the system's
# ("": left out there; the action keeps its other keys).
# Find and Replace (Ctrl+Shift+H) gives ⌘⇧H to History there and takes ⌘⌥F, the Mac's own.
MAC_REMAP = {
    "Ctrl+H": "Ctrl+Shift+H",
    "Ctrl+Shift+H": "Ctrl+Alt+F",
    "Alt+Left": "",
    "Alt+Right": "",
}


def mac_safe(keys: tuple[str, ...], platform: str = sys.platform) -> tuple[str, ...]:
    """``keys`` as this platform's defaults: remapped on macOS where the system owns them."""
    if platform != "darwin":
        return keys
    return tuple(mapped for k in keys if (mapped := MAC_REMAP.get(k, k)))
