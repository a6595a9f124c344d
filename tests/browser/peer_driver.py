"""Drives ``game.web.peer`` in Chromium for ``test_peer_link.py`` and ``tests/bench_peer.py``:
each device is a browser process of its own on this machine, with the test page
``peer_page.html`` (the vendored Pyodide, the game's archive, ``game.web.peer``), driven with
Python through the page's ``window.py``.

The browsers run with Chromium's mDNS names for local addresses turned off
(``PEER_DISABLED_FEATURES``, beside the tests' own switches).  By default Chromium hides a
device's address in its candidates behind a random ``<uuid>.local`` name and finds the other
device's by multicast DNS: that works here too, but it sends mDNS announcements and queries to
224.0.0.251 on the machine's network interface, off the machine.  With the feature off the
candidates carry the machine's own addresses, the ICE checks and the data go from the machine
to itself (the kernel keeps them on ``lo``), and nothing leaves the machine (checked with
tcpdump: ``docs/net.md``).  Players' browsers keep the default.
"""

from __future__ import annotations

import json

from harness import chromium_flags, launch_chromium

PEER_PAGE = "tests/browser/peer_page.html"
PEER_DISABLED_FEATURES = ("WebRtcHideLocalIpsWithMdns",)
READY_MS = 120_000

# Run in each page once it is ready: one link, and what happened to it in ``events``, with the
# page's clock (ms) first.  ``echo``: send every message received back (the benchmark's guest).
SETUP = """
import json
from js import performance
events = []
echo = False
def note(*event):
    events.append([performance.now(), *event])
def on_message(text):
    note("message", text)
    if echo:
        link.send(text)
link = peer.PeerLink(lambda: note("open"), on_message, lambda reason, detail: note("close", reason, detail))
"""


def launch_device(browser_type, *, mdns: bool = False):
    """One device: a Chromium process of its own (``mdns``: with Chromium's default, mDNS
    names for its addresses, whose queries leave the machine)."""
    return launch_chromium(browser_type, chromium_flags(disabled=() if mdns else PEER_DISABLED_FEATURES))


def open_device(session, device):
    """The test page in a new guarded context of ``device`` (``session``: a
    ``harness.BrowserSession``, whose checks cover it), ready with its link."""
    context = session.guard(device.new_context())
    page = session.watch(context.new_page())
    page.goto(session.base_url + PEER_PAGE)
    page.wait_for_function("window.py !== undefined", timeout=READY_MS)
    run(page, SETUP + "\nNone")
    return page


def run(page, code: str):
    """Run Python ``code`` in ``page`` (top-level ``await`` allowed); its last expression, which
    must give JSON text (or None), decoded."""
    text = page.evaluate("code => py.runPythonAsync(code)", code)
    return None if text is None else json.loads(text)


def events(page, kind: str | None = None) -> list:
    return [e for e in run(page, "json.dumps(events)") if kind is None or e[1] == kind]


def connect(host, guest) -> tuple[str, str]:
    """The invite and answer exchange, as players do it; gives the two codes."""
    invite = run(host, "json.dumps(await link.invite())")
    answer = run(guest, f"json.dumps(await link.answer({json.dumps('http://127.0.0.1/#join=' + invite)}))")
    assert run(host, f"json.dumps(link.take_answer({json.dumps(answer)}))") is None
    for page in (host, guest):
        page.wait_for_function("() => py.runPython('link.opened')", timeout=30_000)
    return invite, answer
