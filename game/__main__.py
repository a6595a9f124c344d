"""``python3 -m game``: the headless command line (see game/cli.py)."""

import sys

from game.cli import main

sys.exit(main())
