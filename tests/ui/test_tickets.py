"""Tickets in play: done by the player's routes, done through a station, or not yet; and for one
not done, the cheapest way still open between its cities, lit on the board when focused."""

import pytest

from game.i18n import set_language
from game.mapdata import load_map
from game.scoring import PlayerPosition, ticket_status
from game.ui import game_facts
from game.ui import screen as ui_screen
from game.ui.commands import AcknowledgeHandoff
from game.ui.controller import Table
from game.ui.page_events import LightTicket
from game.ui.saves import SaveCatalog
from game.ui.session import Session
from game.ui.storage import DictBackend
from game.ui.tickets import OpenPath, open_path


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def test_a_station_completes_a_ticket_through_anothers_route():
    europe = load_map("europe")
    players = [PlayerPosition((), ("berlin",), ("berlin--wien", "lisboa--cadiz")),
               PlayerPosition(("berlin--wien",), (), ())]
    assert ticket_status(europe, players, 0) == {"berlin--wien": "station", "lisboa--cadiz": "open"}
    players[0] = PlayerPosition(("cadiz--lisboa",), ("berlin",), ("berlin--wien", "lisboa--cadiz"))
    assert ticket_status(europe, players, 0) == {"berlin--wien": "station", "lisboa--cadiz": "done"}


def test_the_open_path_avoids_closed_routes_and_names_the_cities_still_missing():
    usa = load_map("usa")
    assert open_path(usa, "denver--el-paso", own=("denver--santa-fe", "el-paso--santa-fe"), closed=frozenset()) \
        == OpenPath()
    direct = open_path(usa, "denver--el-paso", own=(), closed=frozenset())
    assert direct.routes and direct.cities[-1] == "el-paso"
    detour = open_path(usa, "denver--el-paso", own=(), closed=frozenset(direct.routes))
    assert detour.routes and not set(detour.routes) & set(direct.routes)
    everything = frozenset(r.id for r in usa.routes)
    assert open_path(usa, "denver--el-paso", own=(), closed=everything) == OpenPath()


def test_a_focused_ticket_lights_its_open_path_and_its_status_shows():
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 1.0, fresh_seed=lambda: 1)
    table.enter(Session({"map": "europe", "variant": "1912", "seed": 1,
                         "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
                         "position": {"players": [{"tickets": ["berlin--wien", "lisboa--cadiz"], "stations": ["berlin"]},
                                                  {"routes": ["berlin--wien"]}, {}]}}), 0)
    table.handle(AcknowledgeHandoff())
    assert game_facts.ticket_status(table.session) == {"berlin--wien": "station", "lisboa--cadiz": "open"}
    table.handle(LightTicket("lisboa--cadiz"))
    lit = ui_screen.highlights(table, table.session.view())
    assert lit.path == {"cadiz--lisboa"} and {"lisboa", "cadiz"} <= lit.cities
    assert "berlin--wien" in game_facts.closed_to(table.session, 0)
