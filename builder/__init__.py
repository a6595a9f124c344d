"""The parts of the build beside ``build.py``'s command line and jobs: the compiler that runs
the vendored Pyodide (``compiler``, with the programs it runs: ``pyodide_compile.mjs`` under
Node.js, ``pyodide_compile.py`` inside Pyodide), what the build and the game rely on inside the
vendored runtime (``vendor_internals``) and the app icons (``icons``).  Never shipped: the site
is ``index.html``, ``pyscript.toml`` and ``static/`` (``build.dist_files``)."""


class BuildError(Exception):
    """Something the build needs is missing or does not match its pinned hash."""
