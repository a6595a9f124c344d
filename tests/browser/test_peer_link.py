"""Two devices (two Chromium processes on this machine) connected by ``game.web.peer`` through
the invite and answer codes alone: bad codes are refused with a message, texts go both ways,
a device that closes is reported to the other, an answer to another invite or a second answer
is refused with its reason, and an answer that leads nowhere ends the
host's link with a reason (a timeout) rather than a wait; the codes' candidates are the machine's own
addresses, and no request leaves the machine (see ``peer_driver.py`` for the browsers' flag)."""

from __future__ import annotations

import ipaddress
import json
from dataclasses import replace

import pytest
from peer_driver import SETUP, connect, events, launch_device, open_device, run

from game.net.signal import invite_tag, read_code


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
        "bad-code", "the code is cut short or changed (its check does not match)"]

    invite, answer = connect(host, guest)
    for code, kind in ((invite, "offer"), (answer, "answer")):
        for candidate in read_code(code, kind).candidates:
            assert candidate.type == "host" and ipaddress.ip_address(candidate.address)
    assert "the host's invite, not a guest's answer" in run(host, f"json.dumps(link.take_answer({json.dumps(invite)}))")
    assert "answered already" in run(host, f"json.dumps(link.take_answer({json.dumps(answer)}))")

    run(host, "json.dumps(link.send('{\"to\": \"guest\"}'))")
    run(guest, "json.dumps(link.send('{\"to\": \"host\"}'))")
    for page, text in ((guest, '{"to": "guest"}'), (host, '{"to": "host"}')):
        page.wait_for_function("() => py.runPython('len(events)') >= 2")
        assert [e[2] for e in events(page, "message")] == [text]

    run(guest, "link.close()\nNone")
    host.wait_for_function("() => py.runPython('link.reason') === 'closed'", timeout=10_000)
    assert [e[2] for e in events(host, "close")] == ["closed"]
    assert run(host, "json.dumps(link.send('late'))") is False

    # an answer whose addresses lead nowhere: the host's link ends with a reason, it never hangs
    second = run(host, SETUP + "\npeer.CONNECT_TIMEOUT_S = 2\njson.dumps(await link.invite())")
    # the first answer is to another invite: refused before the browser sees it
    assert "another invite" in run(host, f"json.dumps(link.take_answer({json.dumps(answer)}))")
    nowhere = replace(read_code(answer), candidates=tuple(replace(c, port=9) for c in read_code(answer).candidates),
                      invite=invite_tag(read_code(second)))
    # a second answer taken before the browser has the first is refused with its own reason
    taken = run(host, f"json.dumps([link.take_answer({json.dumps(nowhere.code())}) for _ in range(2)])")
    assert taken[0] is None and "answered already" in taken[1]
    host.wait_for_function("() => py.runPython('link.reason') === 'timeout'", timeout=15_000)
    assert [e[2:] for e in events(host, "close")] == [["timeout", "not connected after 2 s"]]
