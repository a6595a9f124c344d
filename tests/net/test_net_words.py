"""What play on several devices says at the worst moments (``game.ui.net_words`` and where it is
used): a guest whose channel dropped (the host's reload) is told its seat is kept, not that it
left; a spectator is never told to rejoin a seat; an answer the host cannot take is said for what
it is (the host's own invite, an answer to an earlier invite, a code cut short); an away guest's
time under a minute; the spectators' invite in their own words; and "How to play" on several devices."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from test_netplay import SITE, connect, host_of, hosted, quiet, seat_table, unlimited  # noqa: F401 - fixtures

from game.i18n import _, set_language
from game.mapdata import load_map
from game.net.sdp import parse_sdp
from game.net.signal import invite_tag
from game.ui import help as content
from game.ui.net_commands import InviteMade, MakeInvite, TakeAnswer, ToggleSeats
from game.ui.net_panels import KeptNet, kept_net
from game.ui.net_words import away_status
from game.ui.storage import DictBackend

CAPTURED = json.loads((Path(__file__).parent / "captured_sdps.json").read_text())


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def sdp(kind: str, n: int = 0) -> str:
    return [c["sdp"] for c in CAPTURED if c["type"] == kind][n]


def test_a_guest_whose_table_went_away_is_told_its_seat_is_kept_not_that_it_left():
    _table, pages = hosted()
    guest = seat_table(pages[0])
    assert pages[0].transport is not None
    pages[0].transport.close()                  # the host reloaded: the channel dropped under the guest
    panel = guest.mode.panel(guest, 0.0)
    assert panel is not None and panel.phase == "lost"
    assert panel.rejoin.startswith("This device lost touch with Player 1's table: Player 1 may have reloaded the page")
    assert "Your seat is kept" in panel.rejoin and "You left" not in panel.rejoin


def test_a_spectator_is_told_how_to_watch_again_never_to_rejoin_a_seat():
    table, _pages = hosted()
    spectator = connect(table, None)
    assert None not in host_of(table).links     # its invite used: the spectators' box offers a new one
    watcher = seat_table(spectator)
    backend = DictBackend({})
    spectator.save(backend)
    assert spectator.transport is not None
    spectator.transport.close()
    panel = watcher.mode.panel(watcher, 0.0)
    assert panel is not None and "To watch again, open a new spectators' invite from Player 1" in panel.rejoin
    assert "seat" not in panel.rejoin
    # its page reloaded: the start screen says it was watching
    assert kept_net(backend) == KeptNet(False, "You were watching Player 1's game. To watch again, open a new "
                                               "spectators' invite from Player 1, or paste it here.")


def test_an_answer_the_host_cannot_take_is_said_for_what_it_is():
    table, _pages = hosted()
    host = host_of(table)

    class Link:
        """The host's channel as the page's ``PeerLink`` answers a wrong paste: refused, with its English."""
        def send(self, text: str) -> bool:
            return False

        def close(self, reason: str = "closed", detail: str = "") -> None:
            pass

        def take_answer(self, text: str) -> str | None:
            return "refused"

    offer = parse_sdp("offer", sdp("offer"))
    table.run(MakeInvite(None))
    table.run(InviteMade(None, Link(), offer.code()))
    words = {}
    answer = parse_sdp("answer", sdp("answer"))
    pasted = {"invite": host.links[None],
              "older": replace(answer, invite=invite_tag(parse_sdp("offer", sdp("offer", 1)))).link(SITE),
              "cut": replace(answer, invite=invite_tag(offer)).code()[:-5],
              "junk": "hello there"}
    for name, text in pasted.items():
        table.run(TakeAnswer(None, text))
        words[name] = table.mode.problems[None]
    assert words["invite"].startswith("This is the invite you sent, not the answer")
    assert words["older"] == "This answer is to an earlier invite, which no longer works: ask for the answer to the invite above."
    assert words["cut"].startswith("This answer cannot be read (the code is cut short or changed")
    assert words["cut"].endswith("copy all of it again.")
    assert "copy it again, whole" not in " ".join(words.values()) and "characters a code never has" not in words["invite"]
    table.run(TakeAnswer(None, replace(answer, invite=invite_tag(offer)).link(SITE)))
    assert words and table.mode.problems[None] == "This answer cannot be taken (refused)."     # the link's own reason


def test_away_is_said_in_minutes_or_less_than_one():
    assert [away_status(s) for s in (0, 59, 60, 119, 120, 3600)] == [
        "Away for less than a minute.", "Away for less than a minute.", "Away for 1 minute.", "Away for 1 minute.",
        "Away for 2 minutes.", "Away for 60 minutes."]
    set_language("sl")
    assert [away_status(s) for s in (30, 60, 120, 180, 300)] == [
        _("net.status.away_now"), *(_("net.status.away", count=n) for n in (1, 2, 3, 5))]
    assert len({away_status(s) for s in (30, 60, 120, 180, 300)}) == 5


def test_the_spectators_invite_has_its_own_words():
    table, _pages = hosted()
    table.run(ToggleSeats())                    # the seats and invites over the game
    panel = table.mode.panel(table, 0.0)
    assert panel is not None
    assert panel.spectators.help.startswith("Send this link to someone who wants to watch")
    assert all(line.invite is None or line.invite.help.startswith("Send this link to the player")
               for line in panel.seats)


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_how_to_play_explains_playing_on_several_devices(map_id):
    game_map = load_map(map_id)
    for variant in game_map.variants:
        section = content.sections(game_map, variant.id)[-1]
        assert section.id == "devices" and section.title == "help.devices.title"
    text = " ".join(_(line.key, **line.params) for line in section.lines)
    for words in ("Play on several devices", "Invite", "QR code", "spectators' invite", "fair",
                  "stack the deck", "an AI play the seat", "1 minute,", "a time for each decision", "open the table again"):
        assert words in text, words
