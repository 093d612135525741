"""The pool a general is dealt from (core.prims.identity_mode._general_pool): the generals of the
pack (the game's, else the default pack) nobody plays nor holds aside, in order. The pack's
indexes are kept for the rulebook's next pools (_pack_indexes, step 223b): each pool must still
be the one of its own game's pack."""
from core import prims as P
from core.prims import games as G, identity_mode as IM

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _naive(g):
    t = g.rs.sgs
    used = {g.players[p].general for p in range(g.n)} - {-1}
    pack = t.pack if t.pack is not None else t.default_pack
    return [i for i in range(len(t.general_order))
            if i not in used and (pack is None or t.general_order[i] in pack)]


def test_pool_is_its_games_pack_less_the_generals_played(identity):  # noqa: F811
    g0 = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    order = g0.rs.sgs.general_order
    packs = (None, order[:7], order[3:12], None, (), order[:7])
    for k, pack in enumerate(packs):
        g = P.new_game(identity, 5, seed=k, deck=DECK, log_level=0, pack=pack)
        want = _naive(g)
        assert IM._general_pool(g) == want
        if pack is not None:
            assert want == [i for i in range(len(order)) if order[i] in pack]
        G.set_general(g, 0, order[want[0]] if want else order[0])
        G.set_general(g, 1, order[-1])
        assert IM._general_pool(g) == _naive(g)
        assert IM._general_pool(g) == [i for i in want if i not in (want[:1] + [len(order) - 1])]
