"""Signalling codes (``game.net.signal``): Chromium's and Firefox's real offers and answers, and generated
descriptions, go to a code and back unchanged; the SDP rebuilt from a code reads back the same;
damaged, forged and random codes are refused with a ``SignalError`` and never anything else."""

from __future__ import annotations

import json
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net.ice import ice_servers
from game.net.sdp import parse_sdp
from game.net.signal import (
    HASHES,
    KINDS,
    MAX_CANDIDATES,
    SETUPS,
    Candidate,
    Description,
    NoAddressError,
    OtherInviteError,
    SignalError,
    WrongKindError,
    invite_tag,
    read_answer,
    read_code,
    unpack,
)
from game.share import base64url
from game.ui.netplay import invite_link

# Offers and answers that Chromium 156 and Firefox ESR 153 gave in headless runs on this
# project's test machine: with their addresses hidden behind mDNS names (their default) and
# shown (the browser tests' setting).  Firefox's also has TCP candidates, and its fingerprint at
# the session's level.
CAPTURED = json.loads((Path(__file__).parent / "captured_sdps.json").read_text())


@pytest.mark.parametrize("captured", CAPTURED, ids=lambda c: "-".join((
    c["browser"].split()[0], c["type"], "mdns" if c["hidden_addresses"] else "ip")))
def test_captured_sdp_round_trips(captured):
    description = parse_sdp(captured["type"], captured["sdp"])
    assert description.kind == captured["type"] and description.candidates
    assert all(c.type == "host" for c in description.candidates)
    code = description.code()
    assert len(code) <= 260
    assert read_code(code, captured["type"]) == description
    assert parse_sdp(captured["type"], description.sdp()) == description
    for line in ("a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:", "a=setup:"):
        kept = next(x for x in captured["sdp"].splitlines() if x.startswith(line))
        assert kept in description.sdp().splitlines()


def test_links_and_kinds():
    offer = parse_sdp("offer", CAPTURED[0]["sdp"])
    code = offer.code()
    assert offer.link("https://games.example/ttr") == f"https://games.example/ttr/index.html#join={code}"
    assert read_code(offer.link("https://games.example/ttr")) == offer
    answer = parse_sdp("answer", CAPTURED[1]["sdp"])
    assert read_code(answer.link("https://games.example/ttr/"), "answer") == answer
    assert "#answer=" in answer.link("https://games.example/ttr/")
    assert read_code(f"  {code[:40]}\n{code[40:]} ") == offer       # a code broken over lines
    with pytest.raises(WrongKindError, match="the host's invite, not a guest's answer"):
        read_code(code, "answer")
    with pytest.raises(WrongKindError, match="a guest's answer, not the host's invite"):
        read_code(answer.code(), "offer")


def test_the_host_s_invite_pasted_back_is_said_to_be_the_invite():
    """The whole invite link (its fragment carries the table's invite and names after the code)
    pasted where the guest's answer goes: the invite, not "characters a code never has"."""
    offer = parse_sdp("offer", CAPTURED[0]["sdp"])
    link = invite_link("https://games.example/ttr/", offer.code(), "0" * 32, "Ann", "Bob Å", "abcdef012345")
    assert read_code(link) == offer
    with pytest.raises(WrongKindError) as pasted:
        read_answer(link, offer)
    assert pasted.value.kind == "offer" and "characters" not in str(pasted.value)


def test_an_answer_to_another_invite_is_said_so():
    offer, older = parse_sdp("offer", CAPTURED[0]["sdp"]), parse_sdp("offer", CAPTURED[2]["sdp"])
    answer = parse_sdp("answer", CAPTURED[1]["sdp"])
    link = replace(answer, invite=invite_tag(offer)).link("https://games.example/ttr/")
    assert read_answer(link, offer).invite == invite_tag(offer)
    with pytest.raises(OtherInviteError, match="another invite"):
        read_answer(link, older)
    with pytest.raises(OtherInviteError):
        read_answer(answer.code(), offer)       # no tag at all: not this invite's either


def test_bad_sdps_refused():
    sdp = CAPTURED[0]["sdp"]
    with pytest.raises(SignalError, match="one data channel"):
        parse_sdp("offer", sdp + "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n")
    with pytest.raises(SignalError, match="no single a=ice-pwd"):
        parse_sdp("offer", "\r\n".join(x for x in sdp.split("\r\n") if not x.startswith("a=ice-pwd")))
    with pytest.raises(NoAddressError, match="no network address"):
        parse_sdp("offer", "\r\n".join(x for x in sdp.split("\r\n") if not x.startswith("a=candidate")))
    with pytest.raises(SignalError, match="DTLS role"):
        parse_sdp("answer", sdp)


def test_a_device_with_many_addresses_gives_its_best_ones():
    """More candidates than a code holds: the ones of highest priority, which ICE tries first."""
    sdp = CAPTURED[0]["sdp"]
    lines = sdp.split("\r\n")
    at = next(i for i, x in enumerate(lines) if x.startswith("a=candidate"))
    extra = [f"a=candidate:{k} 1 udp {1000 + k * 7 % 23} 192.0.2.{k} {4000 + k} typ host" for k in range(1, 21)]
    description = parse_sdp("offer", "\r\n".join(lines[:at] + extra + lines[at:]))
    priorities = [c.priority for c in description.candidates]
    everything = sorted([c.priority for c in parse_sdp("offer", sdp).candidates] + [1000 + k * 7 % 23 for k in range(1, 21)])
    assert len(priorities) == MAX_CANDIDATES and sorted(priorities) == everything[-MAX_CANDIDATES:]
    assert read_code(description.code()) == description


def test_an_answer_code_carries_the_tag_of_its_invite():
    offer, other = parse_sdp("offer", CAPTURED[0]["sdp"]), parse_sdp("offer", CAPTURED[2]["sdp"])
    answer = replace(parse_sdp("answer", CAPTURED[1]["sdp"]), invite=invite_tag(offer))
    read = read_code(answer.link("https://games.example/ttr/"), "answer")
    assert read == answer and read.invite == invite_tag(offer) != invite_tag(other)
    assert len(answer.code()) - len(replace(answer, invite=b"").code()) <= 6
    with pytest.raises(SignalError, match="cannot carry a tag"):
        replace(offer, invite=invite_tag(offer))
    with pytest.raises(SignalError, match="cannot carry a tag"):
        replace(answer, invite=b"abc")


def test_a_ufrag_longer_than_a_code_can_hold_is_refused():
    good = parse_sdp("offer", CAPTURED[0]["sdp"])
    with pytest.raises(SignalError, match="4 to 255"):
        replace(good, ufrag="a" * 256)


@pytest.mark.parametrize(("text", "message"), [
    ("", "no code"),
    ("abc$def", "characters no code has"),
    ("A", "its length is wrong"),
    ("AAAA", "its check does not match"),
    ("x" * 3000, "longer than"),
])
def test_damaged_codes_refused(text, message):
    with pytest.raises(SignalError, match=message):
        read_code(text)


def checked(data: bytes) -> str:
    """``data`` as a code, with its check right (a forger's code)."""
    return base64url(data + (zlib.crc32(data) & 0xFFFF).to_bytes(2, "big"))


def test_forged_codes_refused():
    good = parse_sdp("offer", CAPTURED[0]["sdp"]).pack()
    for data, message in [
        (bytes([0x20]) + good[1:], "not a code of this version"),
        (good[:-3], "ends too soon"),
        (good + b"\0", "bytes after its end"),
        (good[:2] + bytes([4]) + b"a\r\nb" + good[7:], "ICE ufrag"),
    ]:
        with pytest.raises(SignalError, match=message):
            read_code(checked(data))


ice = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/", min_size=1)
addresses = st.one_of(st.ip_addresses().map(str), st.uuids().map(lambda u: f"{u}.local"),
                      st.from_regex(r"[a-z][a-z0-9]{0,20}(\.[a-z][a-z0-9]{0,20}){0,3}", fullmatch=True))
ports = st.integers(0, 65535)


@st.composite
def candidates(draw):
    protocol = draw(st.sampled_from(["udp", "tcp"]))
    return Candidate(protocol, draw(st.integers(1, 2**32 - 1)), draw(addresses), draw(ports),
                     draw(st.sampled_from(["host", "srflx", "prflx", "relay"])),
                     draw(st.sampled_from(["active", "passive", "so"])) if protocol == "tcp" else "",
                     draw(st.none() | st.tuples(addresses, ports)))


@st.composite
def descriptions(draw):
    kind = draw(st.sampled_from(KINDS))
    hash_name = draw(st.sampled_from(list(HASHES)))
    return Description(kind, draw(ice.filter(lambda t: 4 <= len(t) <= 255)),
                       draw(ice.filter(lambda t: 22 <= len(t) <= 255)), hash_name,
                       draw(st.binary(min_size=HASHES[hash_name], max_size=HASHES[hash_name])),
                       "actpass" if kind == "offer" else draw(st.sampled_from(SETUPS[1:])),
                       draw(st.from_regex(r"[A-Za-z0-9_.-]{1,32}", fullmatch=True)),
                       draw(st.integers(1, 65535)), draw(st.integers(0, 2**32 - 1)),
                       tuple(draw(st.lists(candidates(), min_size=1, max_size=16))))


@settings(max_examples=40, deadline=None)
@given(descriptions())
def test_descriptions_round_trip(description):
    assert read_code(description.code()) == description
    assert parse_sdp(description.kind, description.sdp()) == description


@settings(max_examples=80, deadline=None)
@given(st.binary(max_size=200), st.integers(0, 199), st.binary(max_size=4))
def test_random_and_mutated_codes_only_refused(noise, at, insert):
    good = parse_sdp("answer", CAPTURED[1]["sdp"]).pack()
    for data in (noise, good[:at] + insert + good[at + len(insert):]):
        try:
            description = unpack(data)
        except SignalError as error:
            assert str(error)
        else:
            assert read_code(description.code()) == description
        if len(data) < 3 or data[-2:] != (zlib.crc32(data[:-2]) & 0xFFFF).to_bytes(2, "big"):
            with pytest.raises(SignalError):
                read_code(base64url(data))   # no check, or the check of other bytes: refused
        try:
            read_code(checked(data))
        except SignalError:
            pass


def test_copy_keeps_checks():
    offer = parse_sdp("offer", CAPTURED[0]["sdp"])
    with pytest.raises(SignalError, match="DTLS role"):
        replace(offer, setup="active")


@pytest.mark.parametrize(("line", "message"), [
    ("http://stun.example.org", "not a STUN or TURN server's address"),
    ("stun:stun.example.org:99999", "not a STUN or TURN server's address"),
    ("stun:2001:db8::1", "not a STUN or TURN server's address"),
    ("stun:x.example.org?transport=tcp", "not a STUN or TURN server's address"),
    ("turn:turn.example.org", "a TURN server needs a user name and a password"),
    ("stun:stun.example.org ann secret", "a STUN server neither"),
])
def test_bad_ice_servers_refused(line, message):
    with pytest.raises(SignalError, match=f"line 2: .*{message}"):
        ice_servers("stun:[2001:db8::1]:3478\n" + line)
