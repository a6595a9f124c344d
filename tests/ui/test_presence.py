"""Who plays each seat of a table on several devices, as the rows and the host's note say it
(``game.ui.presence``)."""

from __future__ import annotations

import pytest

from game.i18n import set_language
from game.ui.presence import away_note, guest_presence, host_presence

STATUSES = ["local", "here", "away", "stand-in"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def test_the_host_s_rows_count_the_minutes_a_guest_is_away():
    assert host_presence(STATUSES, {2: 1000.0}, 1030.0) == {1: ("here", "connected"), 2: ("away", "away"),
                                                           3: ("stand-in", "an AI plays meanwhile")}
    assert host_presence(STATUSES, {2: 1000.0}, 1000.0 + 3 * 60 + 5)[2] == ("away", "away for 3 min")


def test_a_guest_s_rows_say_who_hosts_and_who_is_away_but_not_its_own():
    assert guest_presence(STATUSES, 2) == {0: ("host", "hosting"), 3: ("stand-in", "an AI plays meanwhile")}


def test_the_note_waits_then_offers_an_ai_after_the_grace_period():
    assert away_note(1, "Ben", STATUSES, {2: 0.0}, 500.0, 60.0) is None            # Ben is here
    waiting = away_note(2, "Ann", STATUSES, {2: 1000.0}, 1030.0, 60.0)
    assert waiting is not None and not waiting.offer_ai and "Ann" in waiting.text and "waits" in waiting.text
    choose = away_note(2, "Ann", STATUSES, {2: 1000.0}, 1000.0 + 125, 60.0)
    assert choose is not None and choose.offer_ai and "2 min" in choose.text and "AI" in choose.text
