"""``python -m backend ...``: the headless CLI, for machines without Qt."""

import sys

from backend.cli.commands import main

sys.exit(main())
