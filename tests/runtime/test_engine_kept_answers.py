"""What the engine keeps or reads in place where it walked or made a value (docs/performance.md,
"Step 85"), held to definitions written here, at every third decision of seeded games of each
rulebook, pure and as built:

* ``Game.where(c)``: the tuple made once per zone (``Game.zone_at``) is (zone_kind, zone_owner)
  of the card's zone, and ``where_kind(c)`` (``Game.zkind_at``, C ints) its kind;
* ``Game.alive_tuple(start)``: its last answer kept with its key (the alive seats as bits, which
  ``Game.set_alive`` keeps since step 90, and the start) is the living seats from the start round
  the table, for every start, and after any seat's alive flag is flipped by ``set_alive`` (the
  key must see it);
* ``Game.turn_frame`` (``turns._turn_frame``, ``current_turn``): the stack's innermost turn frame
  (``core.checks.innermost_turn``), in the game and in a clone made there (its own copy);
* ``Game.phase_frame`` (``turns._phase_frame``, step 90): that turn's innermost phase frame
  (``core.checks.innermost_phase``), in the game and in a clone (its own copy);
* ``flow.invalidate_triggers_except`` (the death flow's 000:523, reading the dead role's counts
  in C before a skill): in a clone, for each seat, the skills it has with a timing and none of
  the kept ones are made invalid and listed, in their order;
* ``Game.top_cards(n)`` and ``Game.card_point(c)`` (cpdef since step 87a: the rooms call them in
  C): the draw pile's top n cards, top first, for every n up to the pile's size and past it in a
  clone (refilled once from the discard pile), also through ``zones.deck_top``; a card's point
  through the modifier formula (``Game.modval`` of kind 4), also through ``cards.point_of``.

A nested turn, a phase within it, a turn's end and the game's end keep ``turn_frame`` and
``phase_frame`` as well (in process)."""
import pytest
from seeded_games import DECISIONS, SAME_HEAD, SAME_TAIL, assert_definitions_hold

from core import engine as E
from core import prims as P
from core.checks import innermost_phase, innermost_turn
from core.prims import turns as Turns

from test_games import DECK, identity  # noqa: F401  (the fixture)

KEPT = DECISIONS + r"""
from core.checks import innermost_phase, innermost_turn
from core.prims import cards as Cards, flow as Flow, turns as Turns, zones as Zones
""" + SAME_HEAD + r"""


def alive_from(g, start):
    if start < 0:
        start = g.current if g.current >= 0 else g.referee
    return tuple(q for q in ((start + i) % g.n for i in range(g.n)) if g.players[q].alive)


def alive_all(g, what):
    for start in range(-1, g.n + 2):
        same((what, start), g.alive_tuple(start), alive_from(g, start))
        same((what, "list", start), g.alive_seats(start), list(alive_from(g, start)))


for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, every=3):
        for c in range(len(g.cards)):
            z = g.card_zone[c]
            w = g.where(c)
            same(("where", c), (type(w), w), (tuple, (g.zone_kind[z], g.zone_owner[z])))
            same(("where_kind", c), g.where_kind(c), g.zone_kind[z])
        alive_all(g, "alive")
        fr = E.Frame(0, 0)
        for c in range(len(g.cards)):
            pt = g.modval(4, c, -1, g.cards[c].point)
            same(("point", c), (g.card_point(c), Cards.point_of(g, fr, c)), (pt, pt))
        draw, dis = g.zones[g.zbase[0]], g.zones[g.zbase[1]]
        top = draw[::-1]
        for k in range(-1, len(draw) + 1):
            same(("top", k), (g.top_cards(k), Zones.deck_top(g, fr, k)),
                 (top[:max(k, 0)], tuple(top[:max(k, 0)])))
        h = g.clone()   # past the pile: refilled once (the discard shuffled under it)
        k = len(draw) + 3
        got = h.top_cards(k)
        same(("refill", k), (got[:len(draw)], len(got), len(set(got)), set(got) <= set(draw + dis)),
             (top, min(k, len(draw) + len(dis)), len(got), True))
        for p in range(g.n):   # a seat's flag flipped by its writer, then back: the memo sees it
            g.set_alive(p, not g.players[p].alive)
            alive_all(g, ("flipped", p))
            g.set_alive(p, not g.players[p].alive)
            alive_all(g, ("back", p))
        tf = innermost_turn(g.stack)
        same("turn", (g.turn_frame is tf, Turns._turn_frame(g) is tf,
                      Turns.current_turn(g, None) is tf), (True, True, True))
        seen["true"] += tf is not None
        pf = innermost_phase(g.stack)
        same("phase", (g.phase_frame is pf, Turns._phase_frame(g) is pf), (True, True))
        seen["true"] += pf is not None
        c = g.clone()
        cpf = innermost_phase(c.stack)
        same("clone phase", (c.phase_frame is cpf, cpf is None or cpf is not pf,
                             None if cpf is None else c.stack.index(cpf)),
             (True, True, None if pf is None else g.stack.index(pf)))
        ctf = innermost_turn(c.stack)
        same("clone turn", (c.turn_frame is ctf, ctf is None or ctf is not tf,
                            None if tf is None else g.stack.index(tf),
                            None if ctf is None else c.stack.index(ctf)),
             (True, True, None if tf is None else g.stack.index(tf),
              None if tf is None else g.stack.index(tf)))
        if n % 9 == 0:
            for p in range(g.n):
                h = g.clone()
                pl = h.players[p]
                sk = [s for s in h.rs.skills if s.timings and pl.has[s.id] > 0]
                keep = tuple(sk[0].timings[:1]) + (-1, -1) if sk else (-1, -1, -1)
                want = [s.id for s in sk if not any(t in keep for t in s.timings)]
                fr = E.Frame(0, 0)
                Flow.invalidate_triggers_except(h, fr, True, p, *keep)
                same(("triggers", p), fr.x[10], [p, want])
                same(("invalid", p), [sid for sid in want if h.players[p].invalid[sid] <= 0], [])
                seen["true"] += len(want)
""" + SAME_TAIL


def test_kept_answers_are_their_definitions():
    """Pure and as built: where, alive_tuple, the turn frame, invalidate_triggers_except,
    top_cards and card_point answer their definitions at every third decision of five seeded games; many hold."""
    assert_definitions_hold(KEPT, games=5, asks=50000, true=20000)


def test_the_turn_frame_across_a_turn_within_a_turn_and_the_games_end(identity):  # noqa: F811
    """push_frame holds a pushed turn frame (and no phase) or phase frame; _pop of a turn frame
    holds the turn it was within (or None) and that turn's phase, _pop of a phase frame the one
    it was within (or None); end_game holds none; a debug game's invariants check both at every
    step."""
    from core.agents import RandomPlayer
    g = P.new_game(identity, 5, seed=1, deck=DECK, debug=True)
    a = RandomPlayer(1)
    d = g.step()
    while innermost_turn(g.stack) is None:   # the generals chosen, the first turn begun
        assert g.turn_frame is None
        g.answer(a.choose(g, d))
        d = g.step()
    outer = g.turn_frame
    assert outer is not None and outer is innermost_turn(g.stack) and outer.flags & E.F_TURN
    outer_phase = g.phase_frame
    assert outer_phase is innermost_phase(g.stack) is Turns._phase_frame(g)
    inner = g.push_turn(outer.prog)   # a turn within the turn: no phase of its own yet
    assert g.turn_frame is inner is g.stack[-1] is Turns._turn_frame(g)
    assert g.phase_frame is None is Turns._phase_frame(g)
    ph = g.push_phase(0)   # its phase, then an extra phase within it
    assert g.phase_frame is ph is Turns._phase_frame(g)
    xph = g.push_phase(1, True)
    assert g.phase_frame is xph and g.turn_frame is inner
    g.check_invariants()
    g._pop(xph)
    assert g.phase_frame is ph
    g._pop(ph)
    assert g.phase_frame is None and g.turn_frame is inner
    g._pop(inner)
    assert g.turn_frame is outer is Turns._turn_frame(g)
    assert g.phase_frame is outer_phase is Turns._phase_frame(g)
    g.check_invariants()
    g.phase_frame = inner   # the invariants see a held phase that is not the turn's
    try:
        g.check_invariants()
        assert False, "the invariants missed phase_frame"
    except E.InvariantError:
        pass
    g.phase_frame = outer_phase
    g.turn_frame = None   # the invariants see a held frame that is not the stack's
    try:
        g.check_invariants()
        assert False, "the invariants missed turn_frame"
    except E.InvariantError:
        pass
    g.turn_frame = outer
    g.end_game([0], "test")
    assert g.turn_frame is None and g.phase_frame is None and not g.stack and d is not None


def test_the_alive_bits_follow_set_alive_and_kill(identity):  # noqa: F811
    """alive_tuple's key reads Game.alive_bits, which set_alive keeps (kill, a revival: the
    writers of a Player's alive flag) and a clone copies; a flag written otherwise is caught by
    the invariants."""
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    assert g.alive_bits == 0b11111 and g.alive_tuple(0) == (0, 1, 2, 3, 4)
    g.kill(3)
    assert g.alive_bits == 0b10111 and g.alive_tuple(1) == (1, 2, 4, 0)
    c = g.clone()
    assert c.alive_bits == 0b10111 and c.alive_tuple(1) == (1, 2, 4, 0)
    g.set_alive(3, True)
    assert g.alive_bits == 0b11111 and g.alive_tuple(1) == (1, 2, 3, 4, 0)
    assert c.alive_tuple(1) == (1, 2, 4, 0) and not c.players[3].alive
    g.check_invariants()
    c.check_invariants()
    g.players[2].alive = False   # by hand: alive_bits does not see it
    with pytest.raises(E.InvariantError, match="alive_bits"):
        g.check_invariants()


def test_alive_tuple_keeps_each_starts_answer_while_the_alive_seats_stay(identity):  # noqa: F811
    """alive_tuple keeps an answer for each start (alive_memos, step 138), not the last one
    alone, while alive_bits stays; a change of the alive seats makes a new list, the old one
    (a clone's too) left as it was."""
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    a, b = g.alive_tuple(1), g.alive_tuple(2)
    assert g.alive_tuple(1) is a and g.alive_tuple(2) is b and g.alive_tuple(6) is a
    c = g.clone()
    old = g.alive_memos
    assert c.alive_memos is old and c.alive_tuple(2) is b
    g.kill(2)
    assert g.alive_tuple(1) == (1, 3, 4, 0) and g.alive_memos is not old
    assert old[1] is a and c.alive_tuple(1) is a
