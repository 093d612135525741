"""State: zones, moves, virtual cards, modifiers, counters, marks."""
import pytest

from core import engine as E
from core import turnbook as Turnbook
from core.decision import Decision
from toy import Toy


def game(n=5, **kw):
    t = Toy(nturns=0)
    t.S_HORSE = t.rs.skill("赤兔", (), lambda g, f: E.DONE)
    t.S_DILU = t.rs.skill("的卢", (), lambda g, f: E.DONE)
    t.S_SEE = t.rs.skill("视为", (), lambda g, f: E.DONE)
    t.rs.modifier(E.MK_DISTANCE, E.M_DELTA, lambda g, o, a, b: -1 if a == o else None, t.S_HORSE)
    t.rs.modifier(E.MK_DISTANCE, E.M_DELTA, lambda g, o, a, b: 1 if b == o else None, t.S_DILU)
    t.rs.modifier(E.MK_DISTANCE, E.M_SET, lambda g, o, a, b: 1 if a == o else None, t.S_SEE)
    t.rs.modifier(E.MK_RANGE, E.M_BASE, lambda g, o, a, b: 3 if a == o else None, t.S_HORSE)
    t.rs.modifier(E.MK_HANDLIMIT, E.M_DELTA, lambda g, o, a, b: -5 if a == o else None, t.S_DILU)
    t.rs.modifier(E.MK_POINT, E.M_DELTA, lambda g, o, a, b: 5, -1)
    return t, t.game(n=n, **kw)


def test_distance_formula():
    t, g = game(n=6)   # seats 0..5 = A..F of the glossary's picture
    assert g.distance(3, 0) == 3 and g.distance(3, 1) == 2 and g.distance(3, 5) == 2
    assert g.distance(3, 3) == 0
    g.grant_skill(3, t.S_HORSE)      # -1 from D: min 1
    assert g.distance(3, 2) == 1 and g.distance(3, 0) == 2
    g.revoke_skill(3, t.S_HORSE)
    g.grant_skill(3, t.S_DILU)       # +1 to D
    assert g.distance(0, 3) == 4 and g.distance(2, 3) == 2 and g.distance(3, 0) == 3
    g.set_alive(4, False)            # dead players are not counted
    assert g.distance(3, 5) == 1
    g.grant_skill(0, t.S_SEE)        # 视为 1 wins over everything
    assert g.distance(0, 3) == 1


def test_attack_range_and_hand_limit():
    t, g = game(n=4)
    assert g.attack_range(0) == 1 and g.in_range(0, 1) and not g.in_range(0, 2)
    assert not g.in_range(0, 0)
    g.grant_skill(0, t.S_HORSE)
    assert g.attack_range(0) == 3 and g.in_range(0, 2)
    assert g.hand_limit(1) == 4
    g.grant_skill(1, t.S_DILU)
    assert g.hand_limit(1) == 0       # floor 0
    g.invalidate_skill(1, t.S_DILU)   # 无效 skills do not modify
    assert g.hand_limit(1) == 4
    assert g.draw_count(2) == 2


def test_point_clamped():
    t, g = game()
    c = next(i for i, card in enumerate(g.cards) if card.point == 12)
    assert g.card_point(c) == 13
    c1 = next(i for i, card in enumerate(g.cards) if card.point == 1)
    assert g.card_point(c1) == 6


def test_virtual_card_derivation():
    t, g = game()
    spade, heart, club = 0, 2, 1     # toy cards: suit = id % 4
    v1 = E.VCard(3, (heart,))
    assert g.vcard_suit(v1) == E.HEART and g.vcard_color(v1) == E.RED
    assert g.vcard_point(v1) == g.card_point(heart)
    v2 = E.VCard(3, (spade, club))
    assert g.vcard_suit(v2) == E.S_NONE and g.vcard_color(v2) == E.BLACK and g.vcard_point(v2) == 0
    v3 = E.VCard(3, (spade, heart))
    assert g.vcard_color(v3) == E.C_NONE
    v0 = E.VCard(3, ())
    assert (g.vcard_suit(v0), g.vcard_color(v0), g.vcard_point(v0)) == (-1, -1, 0)


def test_card_colour_by_suit():
    """A suit's colour (the engine's C function since session 40, Game.card_color's): ♠ ♣
    black, ♥ ♦ red, no suit no colour; a card's colour its suit's."""
    t, g = game()
    suits = (E.S_NONE, E.SPADE, E.CLUB, E.HEART, E.DIAMOND)
    assert [E.suit_color(s) for s in suits] == [E.C_NONE, E.BLACK, E.BLACK, E.RED, E.RED]
    assert sorted({card.suit for card in g.cards}) == [E.SPADE, E.CLUB, E.HEART, E.DIAMOND]
    for c, card in enumerate(g.cards):
        assert g.card_color(c) == E.suit_color(card.suit)

def test_moves_zones_and_refill():
    t, g = game(n=2, ncards=10)
    assert g.zone_cards(E.Z_DRAW) == list(range(10))
    got = g.draw(0, 3)
    assert got == [9, 8, 7] and g.zone_cards(E.Z_HAND, 0) == [9, 8, 7]
    assert g.where(9) == (E.Z_HAND, 0)
    g.move([8], E.Z_WEAPON, 0)
    g.move([9], E.Z_DRAW, bottom=True)
    assert g.zone_cards(E.Z_DRAW)[0] == 9
    g.move(list(g.zone_cards(E.Z_DRAW)), E.Z_DISCARD)
    assert g.zone_cards(E.Z_DRAW) == []
    got = g.draw(1, 2)               # refills from the discard pile
    assert len(got) == 2 and len(g.zone_cards(E.Z_DISCARD)) == 0
    g.check_invariants()
    assert g.rs.zone_face_up[E.Z_HAND] is False and g.rs.zone_face_up[E.Z_DISCARD] is True


def test_a_move_takes_the_cards_own_int_from_any_place_in_its_zone():
    """Game._put (engine.pxd's take_card, compiled): a card is found in its zone wherever it is —
    the top, the middle, the bottom — searched from the end, and the zone keeps the others'
    order; a card its zone does not hold is a ValueError, nothing moved."""
    t, g = game(n=2, ncards=10)
    for c in (9, 4, 0, 5):   # the top, the middle, the bottom, the middle again
        g.move_one(c, E.Z_HAND, 0)
        assert g.zone_cards(E.Z_HAND, 0)[-1] == c and g.where(c) == (E.Z_HAND, 0)
    assert g.zone_cards(E.Z_DRAW) == [1, 2, 3, 6, 7, 8]
    assert g.zone_cards(E.Z_HAND, 0) == [9, 4, 0, 5]
    g.move([4], E.Z_HAND, 0, bottom=True)   # within its own zone, to the bottom
    assert g.zone_cards(E.Z_HAND, 0) == [4, 9, 0, 5]
    g.move([0, 4], E.Z_DRAW)
    assert g.zone_cards(E.Z_DRAW) == [1, 2, 3, 6, 7, 8, 0, 4]
    assert g.zone_cards(E.Z_HAND, 0) == [9, 5]
    g.check_invariants()
    g.zone_w(g.zone_id(E.Z_HAND, 0)).remove(5)   # the table says the hand; the hand lost it
    with pytest.raises(ValueError):
        g.move_one(5, E.Z_DISCARD)
    assert g.zone_cards(E.Z_HAND, 0) == [9] and g.zone_cards(E.Z_DISCARD) == []


def test_hp_clamp_and_counters_and_marks():
    t, g = game(n=3)
    assert g.change_hp(0, 5) == 0 and g.players[0].hp == 4
    g.change_hp(0, -6)
    assert g.players[0].hp == -2     # HP may go below 0
    g.set_maxhp(1, 2)
    assert g.players[1].hp == 2
    k = t.rs.counter("杀") if False else 0
    g.add_count(E.SC_PHASE, 2, k, 1)
    assert g.count(E.SC_PHASE, 2, k) == 1
    Turnbook.begin_phase(g, t.PH_PLAY)
    assert g.count(E.SC_PHASE, 2, k) == 0
    m = t.rs.mark_names.index("flag") if "flag" in t.rs.mark_names else None
    assert m is None


def test_counters_by_scope_player_and_key():
    """Game.cnt: one C int array a scope (docs/decisions/0045); a reset zeroes the counters
    counted up from 0 since the scope began (cnt_touched), and copies nothing a clone shares
    when there are none; a counter outside the tables reads 0 and cannot count."""
    t, g = game(n=3)
    last = g.K - 1
    g.add_count(E.SC_TURN, 2, last, 2)
    g.add_count(E.SC_TURN, 0, 0, -1)
    g.add_count(E.SC_GAME, 1, 0, 2)
    assert g.count(E.SC_TURN, 2, last) == 2 and g.count(E.SC_TURN, 0, 0) == -1
    assert g.count(E.SC_PHASE, 2, last) == 0 and g.count(E.SC_GAME, 1, 0) == 2
    g.add_count(E.SC_TURN, 2, last, 1)   # not from 0: listed once
    assert [list(a) for a in g.cnt_touched] == [[], [2 * g.K + last, 0], [], [g.K]]
    c = g.clone()
    c._reset_scope(E.SC_PHASE)       # nothing counted there: the shared table is not copied
    assert c.cnt is g.cnt
    c._reset_scope(E.SC_TURN)        # copies that scope's counters alone
    assert c.cnt is not g.cnt and [list(a) for a in c.cnt_touched] == [[], [], [], [g.K]]
    assert c.cnt[E.SC_TURN] is not g.cnt[E.SC_TURN] and c.cnt[E.SC_GAME] is g.cnt[E.SC_GAME]
    c.add_count(E.SC_GAME, 1, 0, 1)
    assert c.cnt[E.SC_GAME] is not g.cnt[E.SC_GAME] and g.count(E.SC_GAME, 1, 0) == 2
    assert c.count(E.SC_TURN, 2, last) == 0 and c.count(E.SC_TURN, 0, 0) == 0
    assert g.count(E.SC_TURN, 2, last) == 3 and c.count(E.SC_GAME, 1, 0) == 3
    assert [list(a) for a in g.cnt_touched] == [[], [2 * g.K + last, 0], [], [g.K]]   # the original's, kept
    for p, k in ((3, 0), (-1, 0), (0, g.K), (0, -1)):
        assert g.count(E.SC_TURN, p, k) == 0
        with pytest.raises(E.EngineError):
            g.add_count(E.SC_TURN, p, k, 1)


def test_frozen_ruleset_rejects_registration():
    t, g = game()
    import pytest
    with pytest.raises(E.EngineError):
        t.rs.timing("new timing")


def test_a_decision_for_no_seat_is_an_engine_error():
    # a rule that asks a role that does not exist (a missing source, seat -1) is a bug of the
    # rules: the engine says so instead of waiting for an answer nobody can give
    t, g = game(n=3)
    for who in (-1, 3):
        with pytest.raises(E.EngineError, match="does not exist"):
            g.ask(Decision(E.D_YESNO, who, prompt="?"))
        assert g.pending is None


def test_a_frame_of_no_program_never_enters_the_stack():
    # the loop reads the frame's program unchecked once compiled (Game.step): a program id
    # the ruleset does not have is refused where a frame is pushed, and the stack is unchanged
    t, g = game()
    before = list(g.stack)
    for prog in (-1, len(t.rs.progs)):
        with pytest.raises(E.EngineError, match="does not have"):
            g.push_frame(E.Frame(prog, 0))
        assert g.stack == before


def test_the_program_range_is_the_frozen_rulesets_in_a_game_and_its_clone():
    # push_frame tests a frame's program against Game.nprogs, the frozen ruleset's count of
    # programs read once (step 106a): a new game and a clone have it, the last program enters
    t, g = game()
    n = len(t.rs.progs)
    for h in (g, g.clone()):
        assert h.nprogs == n
        before = list(h.stack)
        with pytest.raises(E.EngineError, match="does not have"):
            h.push_frame(E.Frame(n, 0))
        assert h.stack == before
        h.push_frame(E.Frame(n - 1, 0))
        assert h.stack[-1].prog == n - 1


def test_slots_shorter_than_the_program_takes_never_enter_the_stack():
    # generated programs read and write their slots unchecked once compiled: a frame pushed with
    # fewer slots than its program's nslots is refused, and the stack is unchanged
    t, g = game()
    before = list(g.stack)
    with pytest.raises(E.EngineError, match="伤害 takes 3 slots, given 2"):
        g.push(t.P_DAMAGE, -1, None, [0, 1])
    assert g.stack == before
    g.push(t.P_DAMAGE, -1, None, [0, 1, 2])
    assert g.stack[-1].slots == [0, 1, 2]


def test_executed_with_no_running_frame_is_an_engine_error():
    # the runtime reads the stack's top unchecked once compiled: asking whether the running
    # frame's last operation executed, with no frame running, is refused (not a crash)
    from core.prims import base
    t = Toy(nturns=0)
    g = E.Game(t.rs, 4, seed=1, cards=[(0, 0, 1)])   # not started: no frame
    assert not g.stack
    with pytest.raises(E.EngineError, match="no frame is running"):
        base.executed(g)


def test_a_compiled_game_stays_within_pymallocs_512_bytes():
    # each game and clone is pymalloc's while the object with its GC header is at most 512
    # bytes, malloc's past it (step 101a: +0.16 M in the six games); step 106a's nprogs took the
    # last 8 spare bytes: a new field needs room made first (the C ints side by side); step 153
    # folded three bints into gbits (504 bytes with the header: 8 to spare)
    import sys

    import core
    if not core.compiled():
        pytest.skip("the compiled Game's layout")
    t, g = game()
    assert sys.getsizeof(g) <= 512
