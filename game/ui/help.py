"""The "How to play" panel as data: which sections a map and variant show, each a list of
catalog keys with their parameters, numbers read from the map (``game.mapdata``), not written here.

>>> from game.mapdata import load_map
>>> [s.id for s in sections(load_map("usa"), "usa")]
['turn', 'cards', 'claim', 'double', 'tickets', 'end', 'legend', 'devices']
>>> scoring_table(load_map("usa"))
((1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import longest_name
from game.mapdata import GameMap, Variant
from game.seats import AWAY_GRACE_S

TIPS = ("help.tip.tickets", "help.tip.long", "help.tip.cards", "help.tip.trains")


@dataclass(frozen=True)
class Line:
    """One paragraph: a catalog key and its parameters."""
    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Section:
    """A section of the panel: its id, its title's key, its paragraphs and the pictures
    drawn from the board's shapes (``game.web.help`` draws them: "double", "tunnel", …)."""
    id: str
    lines: tuple[Line, ...]
    pictures: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return f"help.{self.id}.title"


def scoring_table(game_map: GameMap) -> tuple[tuple[int, int], ...]:
    """(route length, points) for every length the map scores, shortest first."""
    return tuple(sorted((int(length), points) for length, points in game_map.rules["route_points"].items()))


def variant_of(game_map: GameMap, variant_id: str) -> Variant:
    return next((v for v in game_map.variants if v.id == variant_id), game_map.variants[0])


def ticket_lines(game_map: GameMap, variant: Variant) -> tuple[Line, ...]:
    """The variant's ticket rules, read from its data (deal, keep, draw, returned tickets)."""
    lines = []
    sets = variant.ticket_filter.get("sets", [])
    if variant.ticket_filter.get("big_cities"):
        lines.append(Line("help.tickets.big_cities"))
    elif len(sets) > 1:
        lines.append(Line("help.tickets.both_sets"))
    for i, stage in enumerate(variant.initial):
        long, regular = stage["long"], stage["regular"]
        if long and not regular and stage.get("keep_max") is not None:
            lines.append(Line("help.tickets.deal_long_pick", {"count": long, "keep": stage["keep_max"]}))
        elif long:
            lines.append(Line("help.tickets.deal_long", {"long": long, "count": regular, "keep": stage["keep_min"]}))
        elif "keep_min_after_long" in stage:
            lines.append(Line("help.tickets.deal_after_long", {"count": regular, "keep": stage["keep_min"],
                                                               "after": stage["keep_min_after_long"]}))
        else:
            lines.append(Line("help.tickets.deal", {"count": regular, "keep": stage["keep_min"]}))
        lines.append(Line("help.tickets.returned." + stage["returned"].replace("-", "_")))
    lines.append(Line("help.tickets.draw", {"count": variant.draw}))
    lines.append(Line("help.tickets.score"))
    if game_map.rules.get("stations"):
        lines.append(Line("help.tickets.stations"))
    return tuple(lines)


def sections(game_map: GameMap, variant_id: str) -> tuple[Section, ...]:
    """The panel's sections for a map and variant, in reading order."""
    rules = game_map.rules
    stations = rules.get("stations", 0)
    tunnels = any(r.tunnel for r in game_map.routes)
    ferries = any(r.ferry for r in game_map.routes)
    turn = [Line("help.turn.cards"), Line("help.turn.claim"), Line("help.turn.tickets")]
    if stations:
        turn.append(Line("help.turn.station"))
    out = [
        Section("turn", tuple(turn)),
        Section("cards", (Line("help.cards.two"), Line("help.cards.locomotive"), Line("help.cards.reset"))),
        Section("claim", (Line("help.claim.pay"), Line("help.claim.gray"),
                          Line("help.claim.trains", {"count": rules["trains"]})), ("route",)),
        Section("double", (Line("help.double.one"), Line("help.double.few")), ("double",)),
    ]
    if tunnels:
        out.append(Section("tunnels", (Line("help.tunnels.reveal"), Line("help.tunnels.extra"),
                                       Line("help.tunnels.decline")), ("tunnel",)))
    if ferries:
        out.append(Section("ferries", (Line("help.ferries.pay"),), ("ferry",)))
    if stations:
        out.append(Section("stations", (Line("help.stations.build", {"count": stations}),
                                        Line("help.stations.cost"),
                                        Line("help.stations.borrow"),
                                        Line("help.stations.points", {"points": rules["station_points"]})),
                           ("station",)))
    out.append(Section("tickets", ticket_lines(game_map, variant_of(game_map, variant_id))))
    end = [Line("help.end.last_round"), Line("help.end.routes"), Line("help.end.tickets")]
    if stations:
        end.append(Line("help.end.stations", {"points": rules["station_points"]}))
    end.append(Line("help.end.longest", {"name": longest_name(game_map.id), "points": rules["longest_bonus"]}))
    end.append(Line("help.end.ties_stations" if "fewest_stations" in rules["tie_breaks"] else "help.end.ties",
                    {"name": longest_name(game_map.id)}))
    out.append(Section("end", tuple(end)))
    legend = ["route", "claimed", "claimable", "locomotive"]
    if tunnels:
        legend.append("tunnel")
    if ferries:
        legend.append("ferry")
    if stations:
        legend.append("station")
    out.append(Section("legend", tuple(Line(f"help.legend.{name}") for name in legend), tuple(legend)))
    out.append(devices_section())
    return tuple(out)


def devices_section() -> Section:
    """Playing on several devices (``docs/net.md``): the host's table, the invites and the QR
    code, spectators, the fair deal, a guest away and the AI that may stand in, the host's
    reload, the turn timer; the same on every map."""
    return Section("devices", (Line("help.devices.host"), Line("help.devices.online"), Line("help.devices.nearby"),
                               Line("help.devices.spectators"),
                               Line("help.devices.fair"),
                               Line("help.devices.away", {"count": AWAY_GRACE_S // 60}),
                               Line("help.devices.host_reload_nearby"), Line("help.devices.timer")))


def used_keys() -> set[str]:
    """Every catalog key the panel can show, for any map and variant (the catalog tests read it)."""
    from game.mapdata import load_map
    keys = {"help.title", "help.contents", "help.open", "help.close", "help.scoring", "help.length", "help.points",
            "help.tips.title", "help.tips.dismiss", "help.tips.show", *TIPS}
    for map_id in ("usa", "europe"):
        game_map = load_map(map_id)
        for v in game_map.variants:
            for s in sections(game_map, v.id):
                keys.add(s.title)
                keys.update(line.key for line in s.lines)
    return keys
