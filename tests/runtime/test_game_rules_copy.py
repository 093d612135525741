"""Each game's ruleset and tables are shallow copies of its rulebook's registered ones
(core.prims.games._game_rules): compiled, _copy calls their Cython pickling's reduce and rebuild
directly instead of copy.copy (step 223a). The copy must be a new object holding every field of
the original, and each game's rules its own."""
from core import prims as P
from core.prims import games as G

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _fields(x):
    """x's data (declared fields and instance attributes), by name: not its methods."""
    cls = type(x)
    return {n: getattr(x, n) for n in dir(x)
            if not n.startswith("__") and not callable(getattr(cls, n, None))}


def test_copy_holds_every_field_of_the_original(identity):  # noqa: F811
    P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    base = G._RULES[identity]
    for x in (base, base.sgs):
        y = G._copy(x)
        assert y is not x and type(y) is type(x)
        want, got = _fields(x), _fields(y)
        assert len(want) > 20 and set(got) == set(want)
        for n, v in want.items():
            # the same objects (a shallow copy); ints and flags boxed again by each read
            assert got[n] is v or (type(v) in (int, bool) and got[n] == v), n


def test_each_game_has_its_own_rules_and_pack(identity):  # noqa: F811
    base = G._RULES.get(identity) or G._game_rules(identity)
    g1 = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    order = g1.rs.sgs.general_order
    g2 = P.new_game(identity, 5, seed=2, deck=DECK, log_level=0, pack=order[:6])
    base = G._RULES[identity]
    assert len({id(base), id(g1.rs), id(g2.rs)}) == 3
    assert len({id(base.sgs), id(g1.rs.sgs), id(g2.rs.sgs)}) == 3
    assert g1.rs.sgs.pack is None and base.sgs.pack is None
    assert g2.rs.sgs.pack == frozenset(order[:6])
    assert g1.rs.ids is base.ids and g2.rs.sgs.generals is base.sgs.generals
