"""The parts of the build that are not ``build.py``'s command line: what it relies on inside the
vendored runtime (``vendor_internals``) and the programs it runs there (``pyodide_compile.mjs``
under Node.js, ``pyodide_compile.py`` inside the vendored Pyodide).  Never shipped: the site is
``index.html``, ``pyscript.toml`` and ``static/`` (``build.dist_files``)."""
