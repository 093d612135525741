"""Game.zone_id reads its zone kinds from C ints (Game.zkinds, decision 0033): the same ids as
the ruleset's zone kinds say — one zone per player from the kind's first, or the one zone —, in
a game and in its clone."""
from toy import random_game, random_toy


def _expected(g, kind, owner):
    return g.zbase[kind] + owner if g.rs.zone_per_player[kind] else g.zbase[kind]


def test_zone_ids_follow_the_zone_kinds():
    g = random_game(random_toy(nturns=3), n=5, seed=1)
    kinds = range(len(g.rs.zone_names))
    assert any(g.rs.zone_per_player[k] for k in kinds) and not all(g.rs.zone_per_player[k] for k in kinds)
    c = g.clone()
    for game in (g, c):
        for k in kinds:
            for p in range(-1, g.n):
                assert game.zone_id(k, p) == _expected(g, k, p), (k, p)
            assert game.zone_cards(k, 0) is game.zones[_expected(g, k, 0)]


def test_a_kind_outside_the_ruleset_is_an_error():
    # the kinds are read unchecked as C ints: a pseudo-kind (the runtime's ZK_EQUIP is -10) or a
    # kind past the ruleset's must raise, never read outside the array
    import pytest

    from core.engine import EngineError

    g = random_game(random_toy(nturns=3), n=5, seed=1)
    for kind in (-1, -10, len(g.rs.zone_names)):
        with pytest.raises(EngineError, match="no zone kind"):
            g.zone_id(kind, 0)
        with pytest.raises(EngineError, match="no zone kind"):
            g.zone_cards(kind, 0)
