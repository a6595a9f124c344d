"""Every shipped language measured where the suite measures a few (``SUITE_LANGUAGES`` of
``test_small_screens``): the side column and the header mid-game, nothing cut and no word
broken, at 800×600, 1024×768, 1280×800 and 390×844.  (The end screen is measured in every
language by the suite itself: ``test_end_table``.)

    python3 tests/browser/sweep_layout.py

Prints each problem found and exits non-zero if there is one.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import site_session
from test_small_screens import cut_problems

from game import i18n


def main() -> None:
    languages = tuple(i18n.LANGUAGES)
    with site_session() as session:
        problems = cut_problems(session, languages)
    print("\n".join(problems) or f"nothing cut or broken in {', '.join(languages)}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
