"""What a dialog is about stays in view beside it (#28): the room the dialog leaves on the board,
and how far the board moves to show a route or city in it (``game.ui.placing``)."""

from __future__ import annotations

from game.ui.placing import MARGIN, Box, room, shift_into

PHONE_FRAME = Box(0, 150, 390, 410)         # the board under the header, at "Fit"


def test_a_dialog_beside_the_board_leaves_it_all_in_view():
    frame = Box(8, 80, 900, 670)
    assert room(frame, Box(920, 80, 1272, 792), 800) == frame
    assert room(frame, Box(700, 80, 1272, 792), 800) == Box(8, 80, 700, 670)       # over its right edge


def test_a_sheet_leaves_what_is_above_it_and_on_the_screen():
    assert room(PHONE_FRAME, Box(0, 380, 390, 844), 844) == Box(0, 150, 390, 380)
    assert room(PHONE_FRAME.moved(0, -200), Box(0, 380, 390, 844), 844) == Box(0, 0, 390, 210)   # scrolled past


def test_a_route_under_the_sheet_is_moved_into_the_room_and_one_in_it_stays():
    space = Box(0, 0, 390, 300)
    dx, dy = shift_into(Box(200, 330, 260, 360), space)
    assert dx == 0 and space.holds(Box(200, 330 + dy, 260, 360 + dy), MARGIN)
    assert shift_into(Box(200, 30, 260, 60), space) == (0.0, 0.0)
    dx, dy = shift_into(Box(-40, 100, 10, 120), space)          # off the left edge (zoomed in)
    assert dx == 52 and dy == 0


def test_what_cannot_fit_is_centred():
    assert shift_into(Box(0, 0, 100, 500), Box(0, 0, 390, 300)) == (12.0, -100.0)     # (and kept off the edge across)
