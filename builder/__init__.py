"""The parts of the build beside ``build.py``'s command line and jobs: what it relies on inside
the vendored runtime (``vendor_internals``), the programs it runs there (``pyodide_compile.mjs``
under Node.js, ``pyodide_compile.py`` inside the vendored Pyodide) and the app icons
(``icons``).  Never shipped: the site is ``index.html``, ``pyscript.toml`` and ``static/``
(``build.dist_files``)."""
