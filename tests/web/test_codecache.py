"""game.web.codecache: dataclasses run the build's code for a source it knows, compile any other
as before, and a missing or unreadable table changes nothing."""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import marshal

import pytest

from game.web import codecache


@pytest.fixture(autouse=True)
def _dataclasses_as_they_were():
    yield
    if "exec" in vars(dataclasses):
        delattr(dataclasses, "exec")


def _recorded() -> dict[bytes, object]:
    made = {}

    def recording(source, globals_=None, locals_=None):
        made[hashlib.sha256(source.encode()).digest()] = compile(source, "<string>", "exec", dont_inherit=True)
        builtins.exec(source, globals_, locals_)  # noqa: S102 - as dataclasses would
    dataclasses.exec = recording
    try:
        @dataclasses.dataclass(frozen=True)
        class Seen:
            seat: int
            name: str = "Ann"
    finally:
        delattr(dataclasses, "exec")
    return made


def test_a_known_source_runs_the_kept_code_and_an_unknown_one_compiles(tmp_path):
    table = tmp_path / "dataclasses.marshal"
    table.write_bytes(marshal.dumps(_recorded()))
    cache = codecache.install(table)
    assert cache is not None

    @dataclasses.dataclass(frozen=True)
    class Seen:              # the same source as recorded
        seat: int
        name: str = "Ann"
    hits = cache.hits         # (one exec a class in Pyodide's Python, one a method in older ones)
    assert hits > 0 and cache.misses == 0
    assert Seen(2) == Seen(2, "Ann") and repr(Seen(3)).endswith("Seen(seat=3, name='Ann')")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Seen(2).seat = 3      # type: ignore[misc]

    @dataclasses.dataclass
    class Other:             # never recorded: compiled as usual
        count: int = 0
    assert cache.hits == hits and cache.misses > 0
    assert Other(4).count == 4


@pytest.mark.parametrize("data", [None, b"", b"not marshal", marshal.dumps([1, 2])])
def test_no_table_or_a_bad_one_leaves_dataclasses_as_they_are(tmp_path, data):
    table = tmp_path / "dataclasses.marshal"
    if data is not None:
        table.write_bytes(data)
    assert codecache.install(table) is None
    assert "exec" not in vars(dataclasses)
