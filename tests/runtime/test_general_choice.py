"""The general choice of 身份局 (core.prims.identity_mode, step 230): a chosen general given by its
index (games.set_general_at), the pool as the pack's generals nobody plays nor holds aside
(_general_pool: the pack's copy less the positions marked in a kept bytearray, which must be all
0 again after each pool), and the lord's choices (lord_general_choices: the lords' flags kept with
the pack) — each the answer of its plain definition, pool after pool and game after game."""
from core import prims as P
from core.prims import games as G, identity_mode as IM
from core.prims.base import S_AVATAR, _st

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _naive_pool(g):
    t = g.rs.sgs
    used = {g.players[p].general for p in range(g.n)} - {-1}
    av = _st(g)[S_AVATAR]
    for a in av or ():
        if a is not None:
            for held in a[0].values():
                used.update(held)
    pack = t.pack if t.pack is not None else t.default_pack
    return [i for i in range(len(t.general_order))
            if i not in used and (pack is None or t.general_order[i] in pack)]


def test_set_general_at_gives_the_general_of_its_index(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=3, deck=DECK, log_level=0)
    t = g.rs.sgs
    order = t.general_order
    for p, i in enumerate((len(order) - 1, 0, 7, 20, 33)):
        G.set_general_at(g, p, i)
        faction, sex, hp, lord, skills = t.generals[order[i]]
        pl = g.players[p]
        assert (pl.general, pl.maxhp, pl.hp) == (i, hp, hp)
        assert G.general_of(g, p)[0] == order[i]
        assert all(g.has_skill(p, g.rs.id_of("skill", s)) for s in skills)
    # by name, the same (set_general: the name's index)
    h = P.new_game(identity, 5, seed=3, deck=DECK, log_level=0)
    G.set_general(h, 2, order[7])
    assert (h.players[2].general, h.players[2].hp) == (7, g.players[2].hp)
    # a choice (one option: no decision) sets the chosen index
    k = P.new_game(identity, 5, seed=4, deck=DECK, log_level=0)
    IM._set_general_chosen(k, k.new_frame(k.rs.sgs.root, -1, None, 0), True, (11,), 1)
    assert k.players[1].general == 11


def test_pools_follow_the_generals_played_and_held_aside(identity):  # noqa: F811
    order = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0).rs.sgs.general_order
    for pack in (None, order[5:30], None):
        g = P.new_game(identity, 5, seed=2, deck=DECK, log_level=0, pack=pack)
        pool0 = IM._general_pool(g)
        assert pool0 == _naive_pool(g) and pool0
        # seats take generals of the pool (and one not in it), pool after pool
        for p, i in enumerate((pool0[-1], pool0[0], pool0[len(pool0) // 2], order.index(order[-1]))):
            G.set_general_at(g, p, i)
            assert IM._general_pool(g) == _naive_pool(g)
        # a seat gives its general back: it is in the next pool again (the marks were cleared)
        g.players[1].general = -1
        assert pool0[0] in IM._general_pool(g)
        assert IM._general_pool(g) == _naive_pool(g)
        # generals held aside (〖化身〗's) are not in the pool either
        av = IM._avatar(g, 4)
        av[0]["化身"] = [pool0[1], pool0[2]]
        assert IM._general_pool(g) == _naive_pool(g)
        assert pool0[1] not in IM._general_pool(g)
        av[0]["化身"] = []
        assert IM._general_pool(g) == _naive_pool(g)
        for p in range(g.n):
            g.players[p].general = -1
        assert IM._general_pool(g) == pool0


def _naive_lord_choices(g, x, rng):
    t = g.rs.sgs
    pool = _naive_pool(g)
    lords = [i for i in pool if t.generals[t.general_order[i]][3]]
    rest = [i for i in pool if i not in lords]
    rng.shuffle(rest)
    return tuple(lords + rest[:x])


def test_lord_choices_are_the_pools_lords_then_others_at_random(identity):  # noqa: F811
    order = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0).rs.sgs.general_order
    seen_lords = 0
    for seed, pack in ((1, None), (2, order[::2]), (3, None), (4, order[1::3])):
        g = P.new_game(identity, 5, seed=seed, deck=DECK, log_level=0, pack=pack)
        t = g.rs.sgs
        G.set_general_at(g, 3, _naive_pool(g)[0])
        for x in (2, 5):
            want = _naive_lord_choices(g, x, g.rng.copy())
            assert IM.lord_general_choices(g, None, x) == want
            seen_lords += sum(1 for i in want if t.generals[order[i]][3])
    assert seen_lords > 0   # (the rulebook has lords' generals in its packs)
