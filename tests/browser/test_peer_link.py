"""Two devices (two Chromium processes on this machine) connected by ``game.web.peer`` through
the invite and answer codes alone: bad codes are refused with a message, texts go both ways,
and a device that closes is reported to the other; the codes' candidates are the machine's own
addresses, and no request leaves the machine (see ``peer_driver.py`` for the browsers' flag)."""

from __future__ import annotations

import ipaddress
import json

import pytest
from peer_driver import connect, events, launch_device, open_device, run

from game.net.signal import read_code


@pytest.fixture
def devices(browser, browser_session):
    launched = [launch_device(browser.browser_type) for _ in range(2)]
    yield [open_device(browser_session, device) for device in launched]
    for device in launched:
        device.close()


REFUSED = """
try:
    await link.answer({text})
except peer.PeerError as error:
    result = [error.reason, error.detail]
json.dumps(result)
"""


def test_invite_answer_messages_and_close(devices):
    host, guest = devices
    assert run(guest, REFUSED.format(text=json.dumps("#join=AAAA"))) == [
        "bad-code", "the code is damaged (its check does not match): copy it again, whole"]

    invite, answer = connect(host, guest)
    for code, kind in ((invite, "offer"), (answer, "answer")):
        for candidate in read_code(code, kind).candidates:
            assert candidate.type == "host" and ipaddress.ip_address(candidate.address)
    assert "answer code" in run(host, f"json.dumps(link.take_answer({json.dumps(invite)}))")

    run(host, "json.dumps(link.send('{\"to\": \"guest\"}'))")
    run(guest, "json.dumps(link.send('{\"to\": \"host\"}'))")
    for page, text in ((guest, '{"to": "guest"}'), (host, '{"to": "host"}')):
        page.wait_for_function("() => py.runPython('len(events)') >= 2")
        assert [e[2] for e in events(page, "message")] == [text]

    run(guest, "link.close()\nNone")
    host.wait_for_function("() => py.runPython('link.reason') === 'closed'", timeout=10_000)
    assert [e[2] for e in events(host, "close")] == ["closed"]
    assert run(host, "json.dumps(link.send('late'))") is False
