"""``python -m backend.cli ...``: the same headless CLI as ``python -m backend ...``."""

import sys

from backend.cli.commands import main

sys.exit(main())
