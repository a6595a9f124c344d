"""Chromium's crash dumps, summed up for the report of a test whose renderer crashed.

Debian's Chromium keeps a minidump of every crash of its processes in its crash database
(``DATABASE``), Playwright's temporary profiles notwithstanding.  :func:`summaries` reads those
written since a moment: the signal, the memory address the process faulted on, the instruction
it ran (an offset in the binary or library it was in), and which of the two samplers the tests
turn off was on (``harness.py``).  Two dumps of one Chromium build that stop on the same offset
in ``chromium`` crashed in the same place.
"""

from __future__ import annotations

import os
import struct
import time
from pathlib import Path

CONFIG = os.environ.get("CHROME_CONFIG_HOME") or os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
DATABASE = Path(CONFIG) / "chromium" / "Crash Reports"
# Playwright's errors for a page whose renderer crashed.
CRASHED = ("Target crashed", "Page crashed", "page crashed!")
EXCEPTION_STREAM, MODULE_LIST_STREAM = 6, 4
RIP_IN_CONTEXT = 0xF8                 # MINIDUMP_CONTEXT_AMD64's instruction pointer
SAMPLERS = {b"--subproc-heap-profiling": "heap profiler on", b"gwp-asan-": "GWP-ASan on"}


def crashed(error: object) -> bool:
    """Whether ``error`` (an exception, or a test's report of one) says a renderer crashed."""
    return any(words in str(error) for words in CRASHED)


def summaries(since: float, wait_s: float = 0.0) -> list[str]:
    """One line for each crash dump written at or after ``since`` (a ``time.time()``), oldest
    first.  Chromium's crash handler writes a dump after the crash: with none yet, this looks
    again for up to ``wait_s`` seconds."""
    deadline = time.monotonic() + wait_s
    while not (dumps := written_since(since)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return [f"{name}: {summary(dump)}" for _, name, dump in sorted(dumps)]


def written_since(since: float) -> list[tuple[float, str, bytes]]:
    """The finished dumps written at or after ``since``: when, their file's name, their bytes.
    A dump may go before it is read (Debian's launcher of Chromium deletes old ones): it is
    left out."""
    dumps = []
    for path in (DATABASE / "pending").glob("*.dmp"):
        try:
            written = path.stat().st_mtime
            if written >= since:
                dumps.append((written, path.name, path.read_bytes()))
        except OSError:
            continue
    return dumps


def summary(dump: bytes) -> str:
    """The signal, the fault's address, the instruction and the samplers of one minidump."""
    try:
        streams = {}
        _, _, count, directory = struct.unpack_from("<4sIII", dump, 0)
        for n in range(count):
            kind, _, offset = struct.unpack_from("<III", dump, directory + 12 * n)
            streams.setdefault(kind, offset)
        exception = streams[EXCEPTION_STREAM]
        signal, code = struct.unpack_from("<II", dump, exception + 8)
        fault = struct.unpack_from("<Q", dump, exception + 24)[0]
        context = struct.unpack_from("<I", dump, exception + 8 + 152 + 4)[0]
        rip = struct.unpack_from("<Q", dump, context + RIP_IN_CONTEXT)[0]
        place = f"{rip:#x}"
        modules = streams[MODULE_LIST_STREAM]
        for n in range(struct.unpack_from("<I", dump, modules)[0]):
            base, size = struct.unpack_from("<QI", dump, modules + 4 + 108 * n)
            if base <= rip < base + size:
                name_at = struct.unpack_from("<I", dump, modules + 4 + 108 * n + 20)[0]
                length = struct.unpack_from("<I", dump, name_at)[0]
                file = dump[name_at + 4:name_at + 4 + length].decode("utf-16-le").rsplit("/", 1)[-1]
                place = f"{file}+{rip - base:#x}"
                break
    except (KeyError, struct.error, UnicodeDecodeError) as error:
        return f"not a minidump this can read ({error!r})"
    samplers = [name for mark, name in SAMPLERS.items() if mark in dump] or ["no sampler on"]
    return f"signal {signal} (code {code}) at {fault:#x}, in {place}; {', '.join(samplers)}"
