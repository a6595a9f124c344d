"""Zips unpacked by the browser (static/archive.mjs), run here under Node.js (which
``build.py`` needs anyway): with a stand-in for Emscripten's file system, and into the
vendored Pyodide itself (the game's archive with PyScript's bytecode, a package's wheel)."""

import base64
import gzip
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build
from builder import compiler

NODE = shutil.which("node")
UNPACK = """
import { readFileSync } from "node:fs";
import { unpackArchive } from "ARCHIVE_MODULE";
const written = {};
const folders = [];
const pyodide = { FS: {
  mkdirTree: (path) => folders.push(path),
  writeFile: (path, bytes) => { written[path] = Buffer.from(bytes).toString("base64"); },
} };
const bytes = readFileSync(process.argv[2]);
try {
  await unpackArchive(pyodide, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), "/home/pyodide",
                      ...process.argv.slice(3));     // (the zip's name, if given)
  console.log(JSON.stringify({ written, folders }));
} catch (error) {
  console.log(JSON.stringify({ error: `${error.name}: ${error.message}`, written }));
}
""".replace("ARCHIVE_MODULE", (ROOT / "static" / "archive.mjs").as_uri())

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is needed (build.py needs it too)")


def unpack(data: bytes, tmp_path: Path, *what: str) -> dict:
    archive = tmp_path / "archive.zip"
    archive.write_bytes(data)
    script = tmp_path / "unpack.mjs"
    script.write_text(UNPACK)
    done = subprocess.run([NODE, str(script), str(archive), *what], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def make_zip(members: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        archive.writestr("game/", b"")                    # a folder entry: nothing to write
        for name, data in members.items():
            archive.writestr(name, data)
        archive.writestr(zipfile.ZipInfo("game/stored.txt"), b"kept as it is")   # stored
    return out.getvalue()


def test_every_member_is_written_where_python_would_unpack_it(tmp_path):
    members = {"game/__init__.py": b"", "game/rules.py": b"RULES = 1\n" * 500,
               "game/maps/usa.json": json.dumps({"cities": list(range(300))}).encode(),
               "game/locales/en.mo": bytes(range(256)) * 8, "game/\u00e9t\u00e9.txt": "\u00e9t\u00e9".encode()}
    result = unpack(make_zip(members), tmp_path)
    assert "error" not in result, result
    expected = {**members, "game/stored.txt": b"kept as it is"}
    assert {path: base64.b64decode(data) for path, data in result["written"].items()} == {
        f"/home/pyodide/{name}": data for name, data in expected.items()}
    assert set(result["folders"]) <= {"/home/pyodide/game", "/home/pyodide/game/maps", "/home/pyodide/game/locales"}


def test_the_game_archive_unpacks_as_pythons_zipfile_reads_it(tmp_path):
    build.prepare()
    with build.read_archive(build.ARCHIVE) as archive:
        expected = {f"/home/pyodide/{info.filename}": archive.read(info)
                    for info in archive.infolist() if not info.is_dir()}
    result = unpack(build.ARCHIVE.read_bytes(), tmp_path)
    assert {path: base64.b64decode(data) for path, data in result["written"].items()} == expected


def flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:]


GOOD = make_zip({"game/rules.py": b"RULES = 1\n" * 500, "game/data.json": b"[1, 2, 3]"})
BZIP2 = make_zip({"game/rules.py": b"RULES = 1\n"}, zipfile.ZIP_BZIP2)
OUTSIDE = make_zip({"../escape.py": b"x = 1\n"})


@pytest.mark.parametrize(("data", "reason"), [
    pytest.param(b"", "too short", id="empty"),
    pytest.param(b"<!doctype html><html><body>Not found</body></html>", "no central directory", id="html"),
    pytest.param(GOOD[: len(GOOD) // 2], "no central directory", id="cut-short"),
    pytest.param(GOOD[:60] + GOOD[200:], "central directory entry is missing", id="members-gone"),
    pytest.param(flip(GOOD, 80), "rules.py", id="flipped-byte"),
    pytest.param(GOOD.replace(b"kept as it is", b"kept as it IS"), "does not match its checksum", id="checksum"),
    pytest.param(BZIP2, "compression method 12", id="bzip2"),
    pytest.param(flip(gzip.compress(GOOD, mtime=0), 40), "does not gunzip", id="solid-flipped-byte"),
    pytest.param(gzip.compress(GOOD, mtime=0)[:-6], "does not gunzip", id="solid-cut-short"),
    pytest.param(GOOD.replace(b"data.json", b"dat\xff.json"), "a name is not UTF-8", id="name"),
    pytest.param(OUTSIDE, "points outside the archive", id="outside"),
])
def test_a_bad_archive_is_refused_with_a_reason_and_nothing_is_written(tmp_path, data, reason):
    result = unpack(data, tmp_path)
    assert result["error"].startswith("DamagedArchive: the game's archive is damaged"), result
    assert reason in result["error"]
    assert result["written"] == {}


def test_a_damaged_wheel_is_named_in_the_error(tmp_path):
    result = unpack(b"<!doctype html><html><body>Not found</body></html>", tmp_path,
                    "svgwrite-1.4.3-py3-none-any.whl")
    assert result["error"] == (
        "DamagedArchive: svgwrite-1.4.3-py3-none-any.whl is damaged (no central directory)")


# --- into the vendored Pyodide -------------------------------------------------------------
IN_PYODIDE = """
import { readFileSync } from "node:fs";
import { unpackArchive } from "ARCHIVE_MODULE";
import { placePackages } from "PAGES_MODULE";
import { loadPyodide } from "PYODIDE_MODULE";
import vm from "node:vm";
const job = JSON.parse(readFileSync(0, "utf8"));
const read = (path) => { const bytes = readFileSync(path); return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length); };
const pyodide = await loadPyodide({ indexURL: job.runtime });
await unpackArchive(pyodide, read(job.archive), pyodide.FS.cwd());
await placePackages(pyodide, [[job.wheel, Promise.resolve(read(job.wheel))]]);
// PyScript's sources as JavaScript reads them out of its core, written as PyScript writes them
const written = {};
const flatten = (folder, path) => Object.entries(folder).forEach(([name, value]) =>
  typeof value === "string" ? (written[path + name] = value) : flatten(value, `${path}${name}/`));
flatten(vm.runInNewContext(`(${job.literal})`), "");
for (const [name, source] of Object.entries(written)) {
  if (name.includes("/")) pyodide.FS.mkdirTree(name.slice(0, name.lastIndexOf("/")));
  pyodide.FS.writeFile(name, source);
}
pyodide.globals.set("NAMES", pyodide.toPy(Object.keys(written).sort()));
try {
  console.log(JSON.stringify({ written, ...JSON.parse(pyodide.runPython(job.python)) }));
} catch (error) {       // (said here: Node cuts a long stderr short when it exits)
  console.log(JSON.stringify({ written, error: error.message.slice(-2000) }));
}
""".replace("ARCHIVE_MODULE", (ROOT / "static" / "archive.mjs").as_uri()) \
   .replace("PAGES_MODULE", (ROOT / "static" / "snapshot-pages.mjs").as_uri()) \
   .replace("PYODIDE_MODULE", (ROOT / build.PYODIDE).as_uri())

# PyScript's modules loaded as Python would import them, but compiling a source refused: each
# loads from the archive's bytecode, which the runtime's Python accepts for the sources as
# PyScript writes them; and svgwrite, placed from its wheel, imports.
CHECK = """
import importlib.machinery, json
from importlib._bootstrap_external import SourceLoader

def refuse(self, data, path, **options):
    raise AssertionError(f"{path} was compiled from its source: its bytecode was not used")

compile_source, SourceLoader.source_to_code = SourceLoader.source_to_code, refuse
loaded = []
for path in NAMES:             # (given by the JavaScript)
    name = path[:-3].replace("/", ".")
    code = importlib.machinery.SourceFileLoader(name, path).get_code(name)
    loaded.append(code.co_filename.endswith(path))
SourceLoader.source_to_code = compile_source
import svgwrite
json.dumps({"loaded": loaded, "svgwrite": svgwrite.__file__})
"""


def in_pyodide(tmp_path, python: str) -> dict:
    """What ``python`` (its last expression, JSON) gives in the vendored Pyodide with the built
    archive unpacked, the wheel placed and PyScript's sources written (``IN_PYODIDE``)."""
    build.prepare(update_config=False)
    job = {"runtime": f"{(ROOT / build.PYODIDE).parent}/", "archive": str(build.ARCHIVE),
           "wheel": str(ROOT / build.SVGWRITE_WHEEL), "literal": compiler.pyscript_literal(),
           "python": python}
    script = tmp_path / "in-pyodide.mjs"
    script.write_text(IN_PYODIDE)
    done = subprocess.run([NODE, str(script)], input=json.dumps(job), capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert "error" not in result, result["error"]
    return result


def test_pyscripts_package_loads_from_the_archives_bytecode_and_a_wheel_is_placed(tmp_path):
    result = in_pyodide(tmp_path, CHECK)
    assert result["written"] == compiler.pyscript_sources()     # the build reads them as JavaScript does
    assert len(result["written"]) >= 10 and "pyscript/__init__.py" in result["written"]
    assert result["loaded"] == [True] * len(result["written"])
    assert result["svgwrite"].endswith("site-packages/svgwrite/__init__.py")


# The game imported in the vendored Pyodide from the archive's bytecode alone (it carries no
# sources), its dataclasses' methods from the build's code (game.web.codecache).
GAME_CHECK = """
import json
from game.web import codecache
cache = codecache.install()
import game.rules, game.ui.commands, game.ui.net_commands, game.ui.controller, game.ui.screen, game.web.start
from game.ui.commands import StartGame
from game.ui.setup import default_options
same = StartGame(default_options("usa", 2)) == StartGame(default_options("usa", 2))
json.dumps({"hits": cache.hits, "misses": cache.misses, "rules": game.rules.__file__, "same": same,
            "shown": repr(game.ui.net_commands.MakeInvite(2))})
"""


def test_the_game_imports_from_its_bytecode_with_its_dataclasses_code_kept(tmp_path):
    result = in_pyodide(tmp_path, GAME_CHECK)
    assert result["rules"].endswith("game/rules.pyc")
    assert result["hits"] > 150 and result["misses"] == 0, result
    assert result["same"] and result["shown"] == "MakeInvite(seat=2)"
