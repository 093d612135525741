"""Objects given again where each read made one (step 285): a one-card move's X_JCARD record
(moves._jcard: compiled, the kept pair set again once nothing else holds it) or several cards'
list (moves._origins), the stack's ids of a card put into the 处理区 (moves._frame_ids), an
equipment slot's zone value (moves._equip_slot: the layout's own tuple), a card as a group
(cards._one_card: the kept (c,)) and the random player's other actions (agents.pxd's others_of:
a list made at its length). Their values are what each made before; run as built and pure
(SGS_PURE=1)."""
import array
import sys

import core
import core.engine as E
from compiler import simulate as S
from core.agents import RandomPlayer
from core.prims import base as B, cards as C, moves as Mv
from core.prims.base import ZK_EQUIP

X_JCARD = getattr(B, "X_JCARD", 3)   # (compiled: base's C constant)

DECK = [("杀", "红桃", 7), ("闪", "黑桃", 2), ("桃", "红桃", 3), ("酒", "梅花", 1),
        ("诸葛连弩", "梅花", 1), ("八卦阵", "黑桃", 2), ("赤兔", "红桃", 5)]


def _game():
    mod, P = S.load_engine("identity")
    g = P.new_game(mod, 3, seed=1, deck=DECK, generals=["关羽", "张飞", "刘备"], mode=None, hand=0,
                   shuffle=False, start=False)
    P.run_event(g, "移动", (0, (), 0, None))
    return g, P


def _move(g, *cs):
    """Cards cs moved into the discard pile by move_cards; its move's frame."""
    f = E.Frame(B._T(g).ev_move, 4)
    f.x = [None] * B.NX
    f.slots = [0, cs, len(cs), (E.Z_DISCARD, -1)]
    Mv.move_cards(g, f, True, 0, cs)
    return f


def test_a_one_card_moves_record_is_given_again_once_nothing_holds_it():
    g, _ = _game()
    origin = [g.where(c) for c in range(4)]
    f0 = _move(g, 0)
    r0 = f0.x[X_JCARD]
    assert r0 == (0, origin[0])
    f1 = _move(g, 1)   # r0 still held (f0's scratch): a pair of its own, r0 unchanged
    r1 = f1.x[X_JCARD]
    assert r1 == (1, origin[1]) and r1 is not r0 and r0 == (0, origin[0])
    kept = id(r1)
    f1.x[X_JCARD] = None
    del r1   # nothing holds the last pair now but the moves room
    blocker = (object(), None)   # a freed pair's block taken: a new pair is elsewhere
    f2 = _move(g, 2)
    r2 = f2.x[X_JCARD]
    assert r2 == (2, origin[2]) and r0 == (0, origin[0])
    if core.compiled():   # set again in place (pure: a new tuple, maybe at the same address)
        assert id(r2) == kept
    held = (r2,)   # any holder keeps it: the next move makes another
    r3 = _move(g, 3).x[X_JCARD]
    assert r3 == (3, origin[3]) and held[0] == (2, origin[2]) and r3 is not r2
    assert [g.where(c) for c in range(4)] == [(E.Z_DISCARD, -1)] * 4


def test_a_moves_origins_list_is_given_again_once_nothing_holds_it():
    """Step 285f: a move of several cards' X_JCARD list, [card, origin, …], as _jcard's pair."""
    g, _ = _game()
    origin = [g.where(c) for c in range(7)]
    f = _move(g, 0, 1, 2)
    r = f.x[X_JCARD]
    assert r == [0, origin[0], 1, origin[1], 2, origin[2]]
    kept = id(r)
    f.x[X_JCARD] = None
    del r   # nothing holds the list now but the moves room
    r = _move(g, 3, 4).x[X_JCARD]
    assert r == [3, origin[3], 4, origin[4]]
    if core.compiled():   # set again in place, shorter: its room the first list's (pure: new)
        assert id(r) == kept and sys.getsizeof(r) == sys.getsizeof([None] * 6)
    r2 = _move(g, 5, 6).x[X_JCARD]   # r held: a list of its own, r unchanged
    assert r2 == [5, origin[5], 6, origin[6]] and r2 is not r and r == [3, origin[3], 4, origin[4]]


def test_an_equipment_slot_is_the_layouts_zone_value():
    g, P = _game()
    for c in range(len(DECK)):
        for p in range(g.n):
            z = P.zone_equip_slot(g, None, p, c)
            # the value the zone value (ZK_EQUIP, p) gives, and the layout's own object
            assert z == Mv._dest_zone(g, c, (ZK_EQUIP, p)) and z[1] == p
            assert z is g.zone_at[g.zone_id(z[0], p)]
    kinds = {P.zone_equip_slot(g, None, 0, c)[0] for c in range(4, 7)}
    assert len(kinds) == 3 and kinds <= set(E.EQUIP_ZONES)
    assert P.zone_equip_slot(g, None, 7, 4) == (P.zone_equip_slot(g, None, 0, 4)[0], 7)


def test_a_card_as_a_group_is_its_kept_tuple():
    g, _ = _game()
    for c in (0, 3, 255):
        assert C._cards(g, None, c) == (c,) and C._cards(g, None, c) is C._cards(g, None, c)
    assert C._cards(g, None, 256) == (256,) and C._cards(g, None, -1) == ()
    for big in (2 ** 30, 2 ** 62, 2 ** 70):   # ints of more digits, past a C long too
        assert C._cards(g, None, big) == (big,)
    assert C._cards(g, None, True) == (True,) and type(C._cards(g, None, True)[0]) is bool


def test_the_random_players_other_actions_are_a_list_of_their_length():
    mod, P = S.load_engine("identity")
    seen = 0
    for seed in (1000, 1001):
        g = P.new_game(mod, 5, seed=seed, deck="标准版加军争", log_level=0)
        pl = RandomPlayer(seed)
        for _ in range(3000):
            d = g.step()
            if d is None or g.result is not None:
                break
            before = pl.others[d.who] if d.who < len(pl.others) else None
            v = pl.choose(g, d)
            rest = pl.others[d.who]
            if d.kind == 4 and rest is not None and rest is not before:   # an idle point's
                seen += 1
                want = [o for o in d.options if o != v] + ([-1] if d.can_pass else [])
                assert rest == want
                if core.compiled():   # room for every option and the pass: one block
                    assert sys.getsizeof(rest) == sys.getsizeof([None] * (len(d.options) + 1))
            g.answer(v)
    assert seen >= 20, seen


def test_the_frames_ids_array_is_given_again_once_nothing_holds_it():
    """Step 285e: moves._frame_ids' array (an S_PROC entry, decision 0074) kept and filled again,
    as built, when the entry that held it was dropped; a held one is never changed."""
    mod, P = S.load_engine("identity")
    g = P.new_game(mod, 5, seed=1000, deck="标准版加军争", log_level=0)
    pl = RandomPlayer(1000)
    while len(g.stack) < 4:
        g.answer(pl.choose(g, g.step()))
    ids = [fr.id for fr in g.stack]
    a = Mv._frame_ids(g, None)
    assert list(a) == ids
    kept = id(a)
    del a
    blocker = array.array("i", range(len(ids)))   # a freed array's blocks taken
    b = Mv._frame_ids(g, g.stack[1])   # to the second frame: a shorter array
    assert list(b) == ids[:2]
    if core.compiled():   # filled again in place (pure: a new array)
        assert id(b) == kept
    c = Mv._frame_ids(g, None)   # b held: an array of its own, b unchanged
    assert list(c) == ids and c is not b and list(b) == ids[:2]
