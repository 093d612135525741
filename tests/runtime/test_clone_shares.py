"""Copy on write (docs/decisions/0026): a clone shares with its original the game's int tables
(card_zone, listen, holders, skill_uses) and zones' lists, each player's (has, invalid, marks) and the runtime
library's per-card tables and report counts (Shared), until one side writes one. At each table:
a write in the clone is not seen in the original, nor one in the original in the clone; a write
behind the accessor raises."""
import pytest

from core import engine as E
from core import prims as P
from core.agents import RandomPlayer
from core.prims.base import SHARED_TABLES, Shared, _S, _Sw, _st

from test_clone import _to_decision
from test_games import DECK, identity  # noqa: F401  (the fixture)


def tables(g):
    """Every table a clone may share, as plain values (a snapshot)."""
    out = [tuple(g.card_zone), tuple(g.listen), tuple(g.holders), tuple(g.skill_uses)]
    out += [tuple(z) for z in g.zones]
    for p in g.players:
        out += [tuple(p.has), tuple(p.invalid), tuple(p.marks)]
    st = P._state(g)
    if st is not None:
        out += [None if st[i] is None else tuple(st[i]) for i in SHARED_TABLES]
    out += [tuple(c) for c in g.cnt]
    k = g.kept
    if k is not None and k[P.K_STATS] is not None:
        out += [tuple(a) for a in k[P.K_STATS]]
    return tuple(out)


def _mid_game(identity, k=120):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    _to_decision(g, RandomPlayer(1), k)
    return g


def _unheld_skill(g, p):
    """A skill with timings that nobody has (granting it changes listen and holders)."""
    for s in g.rs.skills:
        if s.timings and g.holders[s.id] == 0 and not g.players[p].has[s.id]:
            return s.id
    raise AssertionError("every skill is held")


def test_a_clone_shares_the_int_tables_until_a_write(identity):  # noqa: F811
    g = _mid_game(identity)
    snap = tables(g)
    c = g.clone()
    assert c.card_zone is g.card_zone and c.players[0].has is g.players[0].has
    assert tables(c) == snap
    # the clone writes has, listen, holders: the original sees none of it
    sid = _unheld_skill(g, 0)
    c.grant_skill(0, sid)
    assert c.players[0].has[sid] == 1 and c.holders[sid] == 1
    assert tables(g) == snap
    assert c.players[0].has is not g.players[0].has
    assert c.players[0].invalid is g.players[0].invalid   # only the table written was copied
    assert c.players[1].has is g.players[1].has
    assert all(c.listen[t] == g.listen[t] + 1 for t in g.rs.skills[sid].timings)
    # the original writes invalid and card_zone: the clone sees none of it
    held = next(s for s in range(g.nskills) if g.players[1].has[s] and not g.players[1].invalid[s])
    before = tables(c)
    g.invalidate_skill(1, held)
    card = g.zones[g.zbase[0]][-1]
    g.move((card,), E.Z_DISCARD)
    assert not g.has_skill(1, held) and c.has_skill(1, held)
    assert g.where(card)[0] == E.Z_DISCARD and c.where(card)[0] == E.Z_DRAW
    assert card in c.zones[c.zbase[0]] and card not in g.zones[g.zbase[0]]
    assert c.zones[c.zbase[2]] is g.zones[g.zbase[2]]   # a zone nobody wrote: still one list
    assert tables(c) == before
    # a clone of the clone: its writes reach neither
    d = c.clone()
    d.revoke_skill(0, sid)
    d.move((card,), E.Z_HAND, 2)
    assert c.players[0].has[sid] == 1 and c.where(card)[0] == E.Z_DRAW
    assert d.players[0].has[sid] == 0 and d.where(card) == (E.Z_HAND, 2)
    assert card in d.zone_cards(E.Z_HAND, 2) and card not in c.zone_cards(E.Z_HAND, 2)
    assert tables(c) == before


def test_a_shuffle_and_a_refill_copy_the_zones_they_write(identity):  # noqa: F811
    g = _mid_game(identity)
    c = g.clone()
    before = tables(g)
    c.shuffle_zone(E.Z_DRAW)
    c.refill_draw()
    c.top_cards(len(c.cards))
    assert tables(g) == before
    assert len(c.zone_cards(E.Z_DISCARD)) == 0 < len(g.zone_cards(E.Z_DISCARD))


def test_skill_uses_are_copied_at_the_first_use(identity):  # noqa: F811
    g = _mid_game(identity)
    snap = tables(g)
    c = g.clone()
    n = c.n_skill_uses
    a = RandomPlayer(5)
    while c.n_skill_uses == n:
        c.answer(a.choose(c, c.step()))
    assert c.skill_uses is not g.skill_uses and sum(c.skill_uses) == c.n_skill_uses
    assert tables(g) == snap and g.n_skill_uses == n


def test_marks_are_copied_at_the_first_write():
    rs = P.new_ruleset()
    m = rs.mark("测试")
    g = E.Game(rs, 2, log_level=0)
    g.add_mark(0, m, 2)
    c = g.clone()
    assert c.players[0].marks is g.players[0].marks
    c.add_mark(0, m, 1)
    g.add_mark(1, m, 4)
    assert (g.mark(0, m), g.mark(1, m)) == (2, 4)
    assert (c.mark(0, m), c.mark(1, m)) == (3, 0)


@pytest.mark.parametrize("i", SHARED_TABLES)
def test_a_shared_root_table_is_copied_at_the_first_write(identity, i):  # noqa: F811
    g = _mid_game(identity)
    n = len(g.cards)
    if len(_S(g, i, n)) < 2:   # a short list (S_LIVE, S_SEAL …): two items to write
        _Sw(g, i).extend((None, None))
    c = g.clone()
    assert type(_st(g)[i]) is Shared and _st(c)[i] is _st(g)[i]
    with pytest.raises(TypeError):   # a write behind _Sw raises instead of passing silently
        _S(c, i)[0] = 7
    old = tuple(_S(g, i))
    _Sw(c, i)[0] = 7
    assert tuple(_S(g, i)) == old and _S(c, i)[0] == 7
    _Sw(g, i)[1] = 8
    assert _S(g, i)[1] == 8 and _S(c, i)[1] == old[1]
    assert type(_st(c)[i]) is list and type(_st(g)[i]) is list


def test_the_records_are_shared_while_no_virtual_card_exists(identity):  # noqa: F811
    """The virtual cards' records (S_VC) grow with the game: a clone shares them while every
    one is frozen (no virtual card exists), and a new card in either game is its own."""
    from core.prims import cards as Cards
    from core.prims.base import S_LIVE, S_VC

    g = _mid_game(identity, 200)
    a = RandomPlayer(3)
    while _S(g, S_LIVE) or any(type(r) is list for r in _S(g, S_VC)):
        g.answer(a.choose(g, g.step()))
    n = len(_S(g, S_VC))
    c = g.clone()
    assert type(_st(g)[S_VC]) is Shared and _st(c)[S_VC] is _st(g)[S_VC]
    v = Cards._new_vcard(c, 0, ())
    assert len(_S(c, S_VC)) == n + 1 and len(_S(g, S_VC)) == n and v == P.VBASE + n
    assert type(_st(c)[S_VC]) is list and type(_st(g)[S_VC]) is Shared
    w = Cards._new_vcard(g, 0, ())
    assert w == v and _S(g, S_VC)[n] is not _S(c, S_VC)[n]
    # a live record: the records are copied, not shared (their live lists are written)
    d = g.clone()
    assert _st(d)[S_VC] is not _st(g)[S_VC] and type(_st(d)[S_VC]) is list
    assert _S(d, S_VC)[n] is not _S(g, S_VC)[n] and _S(d, S_VC)[n] == _S(g, S_VC)[n]


def test_report_counts_are_copied_at_the_first_count(identity):  # noqa: F811
    g = _mid_game(identity)
    before = P.stats(g)
    c = g.clone()
    assert type(g.kept[P.K_STATS]) is Shared and c.kept[P.K_STATS] is g.kept[P.K_STATS]
    P._stats(c)[0][0] += 1   # status.ST_USED's counts (a C constant of the compiled room)
    assert P.stats(g) == before and P.stats(c) != before


def test_the_per_role_tables_writers_copy_a_shared_table(identity):  # noqa: F811
    """The writers of the per-role tables and short lists shared since step 15 (护甲, the suit
    chosen, 酒's next damage, a sealed zone) write through _Sw: a write in the clone is not seen
    in the original, nor the reverse."""
    from core.prims import health as Health, roles as Roles, zones as Zones
    from core.prims.base import S_ARMOR, S_JIU, S_SEAL, S_SUIT

    g = _mid_game(identity)
    for i in (S_ARMOR, S_JIU, S_SUIT):
        _S(g, i, g.n)
    _S(g, S_SEAL)
    snap = tables(g)
    c = g.clone()
    assert all(type(_st(g)[i]) is Shared and _st(c)[i] is _st(g)[i]
               for i in (S_ARMOR, S_JIU, S_SEAL, S_SUIT))

    def write(h, who):
        f = h.stack[-1]
        Roles.set_armor(h, f, True, who, 2)
        Roles._set_suit(h, f, True, 3, who)
        Health.next_use_damage_base_plus(h, f, True, who, 0, 1)
        Zones.seal_zone(h, f, True, (E.Z_HAND, who))

    write(c, 1)
    assert tables(g) == snap
    assert _S(c, S_ARMOR)[1] == 2 and _S(c, S_SUIT)[1] == 3 and _S(c, S_JIU)[1] is not None
    assert (E.Z_HAND, 1) in _S(c, S_SEAL) and (E.Z_HAND, 1) not in _S(g, S_SEAL)
    before = tables(c)
    write(g, 2)
    assert tables(c) == before
    assert _S(g, S_ARMOR)[2] == 2 and _S(c, S_ARMOR)[2] is None and _S(g, S_ARMOR)[1] is None
    Zones.unseal_zone(c, c.stack[-1], True, (E.Z_HAND, 1))
    assert (E.Z_HAND, 1) not in _S(c, S_SEAL) and (E.Z_HAND, 2) in _S(g, S_SEAL)


def test_a_clone_shares_the_counters_until_one_side_counts(identity):  # noqa: F811
    """The counters per scope (Game.cnt, step 15): shared by a clone until add_count or a
    scope's reset in either game, which copies them first."""
    g = _mid_game(identity)
    g.add_count(E.SC_TURN, 0, 1, 2)
    snap = tables(g)
    c = g.clone()
    assert c.cnt is g.cnt
    c.add_count(E.SC_TURN, 0, 1, 5)
    c.add_count(E.SC_GAME, 1, 0, 1)
    assert c.cnt is not g.cnt and tables(g) == snap
    assert c.count(E.SC_TURN, 0, 1) == 7 and g.count(E.SC_TURN, 0, 1) == 2
    assert c.count(E.SC_GAME, 1, 0) == 1 and g.count(E.SC_GAME, 1, 0) == 0
    d = c.clone()
    before = tables(c)
    g.add_count(E.SC_TURN, 0, 1, 1)         # the original counts: neither clone sees it
    d._reset_scope(E.SC_TURN)               # a clone's reset: its sibling keeps its counts
    assert tables(c) == before and c.count(E.SC_TURN, 0, 1) == 7
    assert d.count(E.SC_TURN, 0, 1) == 0 and d.count(E.SC_GAME, 1, 0) == 1
    assert g.count(E.SC_TURN, 0, 1) == 3
