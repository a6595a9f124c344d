"""The browser adapter: the only code that imports ``js``, ``pyodide`` or ``pyscript``.

``main.start()`` is called by index.html once Pyodide has unpacked ``game/``; it sets the
language chosen by the loader and gives the page to the game (``app``) or the embed's lesson
(``embed``), which draws it, wires clicks to Python and announces ``data-game-ready``.
"""
