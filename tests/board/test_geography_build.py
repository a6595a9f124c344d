"""``build.py geography`` reproduces the board geometry committed in the map files."""

import tarfile

import pytest

from game import mapdata
from game.board import geography

DOWNLOADS = mapdata.MAPS_DIR.parents[1] / "static" / "vendor" / "downloads"
NO_LAND = {"arcs": [], "objects": {"land": {"type": "GeometryCollection", "geometries": []}}}


@pytest.mark.parametrize("map_id", mapdata.MAP_IDS)
def test_positions_bends_and_labels_are_what_the_build_computes(map_id):
    committed = geography.read_map_file(map_id)
    built = geography.build_map(map_id, NO_LAND)
    assert built["cities"] == committed["cities"]
    for key in ("viewBox", "projection", "adjust", "bends", "labels"):
        assert built["board"][key] == committed["board"][key], key


@pytest.mark.skipif(not (DOWNLOADS / geography.LAND_SOURCE["file"]).is_file(),
                    reason="run `python3 build.py geography` once to download the land data")
@pytest.mark.parametrize("map_id", mapdata.MAP_IDS)
def test_the_land_path_is_what_the_build_computes(map_id):
    with tarfile.open(DOWNLOADS / geography.LAND_SOURCE["file"]) as tar:
        land = geography.read_land(tar.extractfile(geography.LAND_SOURCE["member"]).read())
    assert geography.build_map(map_id, land)["board"]["land"] == geography.read_map_file(map_id)["board"]["land"]


def test_a_land_file_that_is_not_the_pinned_one_is_refused():
    with pytest.raises(ValueError, match="SHA-256"):
        geography.read_land(b'{"arcs": []}')
