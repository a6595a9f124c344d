"""The browser adapter: the only code that imports ``js``, ``pyodide`` or ``pyscript``.

``app.start()`` is called by index.html once Pyodide has unpacked ``game/``; it sets the
language chosen by the loader, draws the page, wires clicks to Python and announces
``data-game-ready``.
"""
