"""The ``build.py geography`` step: board geometry written into the map files.

From each city's real longitude/latitude (already in the map file) and Natural Earth land
shapes it computes the projection, the cities' board positions (projected, then nudged
apart where the board needs room, plus the hand adjustments listed in the file), the
compact coastline path, each crowded route's bend and each city label's side, and writes
them back into ``game/maps/<map>.json`` keeping the file's one-entry-per-line layout.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from game import mapdata
from game.board import coastlines, placement
from game.board.layout import layout
from game.board.projection import fit

# Per map: board size, the box the cities are fitted into, the projection, and the
# longitude/latitude window the land is cut to before projecting (west, south, east, north).
SETTINGS: dict[str, dict[str, Any]] = {
    "usa": {
        "viewBox": [0, 0, 1500, 1000],
        "fit": (95, 75, 1385, 930),
        "projection": {"kind": "lcc", "lon0": -96.0, "lat0": 39.0, "lat1": 33.0, "lat2": 45.0},
        "window": (-140.0, 15.0, -50.0, 62.0),
    },
    "europe": {
        "viewBox": [0, 0, 1500, 1000],
        "fit": (80, 60, 1400, 940),
        "projection": {"kind": "mercator", "lon0": 15.0},
        "window": (-30.0, 25.0, 60.0, 72.0),
    },
}
# Natural Earth 1:50m land (public domain) as TopoJSON, from the world-atlas npm package (ISC),
# fetched by ``build.py geography`` with ``npm pack`` and checked against these hashes.
LAND_SOURCE = {
    "file": "world-atlas-2.0.2.tgz",
    "command": ["npm", "pack", "world-atlas@2.0.2"],
    "sha256": "032e7765f2ce00edaeafec23ff22bc3b77e42987c257da944cc585b452c05b97",
    "member": "package/land-50m.json",
    "member_sha256": "619477ff690c086885e45cb91707d783805561bd75ae8e437b7d4694b0204e0f",
}
SIMPLIFY = 1.2      # board units a coastline may move when simplified
MIN_ISLAND = 40.0   # islands smaller than this (square board units) are left out


def read_map_file(map_id: str) -> dict[str, Any]:
    with open(mapdata.MAPS_DIR / f"{map_id}.json", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def dump_map_file(data: dict[str, Any]) -> str:
    """The map file's text: one top-level key per line, lists and the ``board`` object with
    one entry per line (the layout every map file keeps)."""
    def one(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in data.items():
        if isinstance(value, list):
            body = ",\n".join(f"    {one(v)}" for v in value)
            lines.append(f"  {one(key)}: [\n{body}\n  ]")
        elif key == "board":
            body = ",\n".join(f"    {one(k)}: {one(v)}" for k, v in value.items())
            lines.append(f"  {one(key)}: {{\n{body}\n  }}")
        else:
            lines.append(f"  {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def build_map(map_id: str, land: dict[str, Any]) -> dict[str, Any]:
    """The map file's data with fresh board geometry computed from ``land`` (the TopoJSON
    topology of Natural Earth land)."""
    data = read_map_file(map_id)
    settings = SETTINGS[map_id]
    old_board = data.get("board", {})
    adjust = old_board.get("adjust", {})
    missing = [c["id"] for c in data["cities"] if "lon" not in c or "lat" not in c]
    if missing:
        raise mapdata.MapDataError(f"map {map_id!r}: no longitude/latitude for {', '.join(missing)}")
    spec = dict(settings["projection"])
    kind = spec.pop("kind")
    projection = fit(kind, [(c["lon"], c["lat"]) for c in data["cities"]], settings["fit"], **spec)
    projected = {c["id"]: projection.forward(c["lon"], c["lat"]) for c in data["cities"]}
    game_map = mapdata.parse_map(data)
    evened = placement.even_out(game_map, projected, settings["fit"])
    pinned = {c: (evened[c][0] + dx, evened[c][1] + dy) for c, (dx, dy) in adjust.items()}
    positions = placement.nudge(game_map, evened, settings["fit"], pinned)
    for c in data["cities"]:
        c["x"], c["y"] = positions[c["id"]]
    bend_land = placement.warp([(projected[c], positions[c]) for c in sorted(projected)])

    _, _, width, height = settings["viewBox"]
    land_path = coastlines.land_path(land, lambda lon, lat: bend_land(*projection.forward(lon, lat)),
                                     settings["window"], (-4, -4, width + 4, height + 4), SIMPLIFY, MIN_ISLAND)
    board = {"viewBox": settings["viewBox"], "projection": projection.spec(), "adjust": dict(sorted(adjust.items())),
             "land": land_path}
    data["board"] = board
    game_map = mapdata.parse_map(data)
    board["bends"] = placement.choose_bends(game_map, width, height)
    game_map = mapdata.parse_map(data)
    spaces = [s for r in layout(game_map).routes.values() for s in r.spaces]
    board["labels"] = placement.place_labels(game_map, spaces, width, height)
    return data


def read_land(member: bytes) -> dict[str, Any]:
    """The land TopoJSON from :data:`LAND_SOURCE`'s file, refused unless it is the pinned one."""
    digest = hashlib.sha256(member).hexdigest()
    if digest != LAND_SOURCE["member_sha256"]:
        raise ValueError(f"{LAND_SOURCE['member']} has SHA-256 {digest}, but game/board/geography.py "
                         f"pins {LAND_SOURCE['member_sha256']}")
    land: dict[str, Any] = json.loads(member)
    return land


def build(land: dict[str, Any], map_ids: Sequence[str] = mapdata.MAP_IDS) -> list[str]:
    """Rewrite the board geometry of each map file from ``land`` (the decoded TopoJSON of
    :data:`LAND_SOURCE`); returns one summary line per map."""
    report = []
    for map_id in map_ids:
        data = build_map(map_id, land)
        (mapdata.MAPS_DIR / f"{map_id}.json").write_text(dump_map_file(data), encoding="utf-8")
        board = data["board"]
        report.append(f"{map_id}: land path {len(board['land'])} bytes, {len(board['bends'])} bent city pairs, "
                      f"{len(board['adjust'])} hand-placed cities")
    mapdata.load_map.cache_clear()
    return report
