"""Checks shared by the scoring tests."""


def walks(game_map, here, trail):
    """Whether ``trail`` is a walk starting at city ``here``."""
    for route_id in trail:
        r = game_map.route(route_id)
        if here not in r.cities:
            return False
        here = r.other_end(here)
    return True


def assert_is_trail(game_map, routes, length, trail):
    """``trail`` is a real trail of ``routes``: consecutive, no route twice, lengths add up."""
    assert len(set(trail)) == len(trail) and set(trail) <= set(routes)
    assert sum(game_map.route(r).length for r in trail) == length
    if trail:
        assert any(walks(game_map, start, trail) for start in game_map.route(trail[0]).cities)
