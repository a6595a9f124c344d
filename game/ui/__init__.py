"""The game's user-interface model in plain Python: setup, saves, turn flow and what may be clicked.

Nothing here touches the browser; ``game/web/`` draws it.  Tested under CPython in ``tests/ui/``.
"""
