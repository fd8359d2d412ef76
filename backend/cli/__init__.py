"""The headless command line, one module per command: ``proofdesk info|status|import|ocr|
alt|plan|compare|eval|export``. ``commands`` parses and dispatches; the rest is
the backend any caller drives. Bad input is one line on stderr and exit 2:
``arguments`` checks each typed value where it is typed. Everything printed goes
through ``output``, which escapes what servers and files say.
"""

from typing import TYPE_CHECKING

from backend._surface import lazy_surface

if TYPE_CHECKING:
    from backend.cli.commands import COMMANDS as COMMANDS
    from backend.cli.commands import main as main

_SURFACE = {
    "COMMANDS": "commands",
    "main": "commands",
}
__getattr__ = lazy_surface(__name__, _SURFACE)
__all__ = [
    "COMMANDS",
    "main",
]
