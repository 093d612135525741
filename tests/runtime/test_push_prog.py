"""A pushed program's frame gets its slots at the program's size (flow._push_prog: the arguments
first, None after them, the arguments past the size dropped), whatever sequence the arguments
come in, and its parent names it in ``child`` (no scratch made for it: decision 0053); fire and call answer a flow step's status as an int (flow.pxd: C ints compiled)."""
from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _move_prog(g):
    return P._T(g).ev_move


def test_slots_are_the_arguments_then_none(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    cid = _move_prog(g)
    n = g.rs.prog_nslots[cid]
    assert n >= 3
    parent = g.new_frame(cid, 0, None)
    c = P._push_prog(g, parent, cid, (1, "x"), 0, None)
    assert g.stack[-1] is c
    assert c.slots == [1, "x"] + [None] * (n - 2)
    assert type(c.slots) is list
    # the parent names the frame it pushed last in a field, and makes no scratch for it
    assert parent.child is c
    assert parent.x is None


def test_arguments_past_the_size_are_dropped_and_any_sequence_does(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    cid = _move_prog(g)
    n = g.rs.prog_nslots[cid]
    args = list(range(n + 3))
    c = P._push_prog(g, None, cid, args, 0, None)
    assert c.slots == list(range(n))
    assert args == list(range(n + 3))   # the caller's list is not the frame's
    c.slots[0] = "changed"
    assert args[0] == 0
    t = tuple(range(n))
    assert P._push_prog(g, None, cid, t, 0, None).slots == list(t)
    assert P._push_prog(g, None, cid, (), 0, None).slots == [None] * n


def test_fire_and_call_answer_an_int_status(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = P._T(g)
    quiet = [i for i in range(len(g.rs.timing_names))
             if g.listen[i] == 0 and not t.flow_rule_at[i] and i != t.idle]
    f = g.new_frame(t.ev_move, 0, None)
    st = P.fire(g, f, quiet[0], 0)
    assert type(st) is int and st == 0   # nobody listens: nothing pushed
    n = len(g.stack)
    st = P.call(g, f, t.ev_move, (0, (), 0))
    assert type(st) is int and st == 1   # a frame pushed: its verdict is read from g.ret
    assert len(g.stack) == n + 1 and g.stack[-1].prog == t.ev_move


def test_a_pushed_frames_slots_hold_a_reference_to_each_item(identity):  # noqa: F811
    """Compiled, _push_prog's slots are made by spares.pxd's slots_of's fill (steps 69d, 70: a
    dead frame's list when there is one; inline since step 116c, flow.pxd's tuple_slots through
    spares' pointer), which stores each argument and None without a reference
    each and takes None's at once: a frame's slots hold
    one reference to each item, and dropping them leaves every count as it was, for arguments
    fewer than the slots, as many and more (counted at a third round: anything made once is)."""
    import sys
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    cid = _move_prog(g)
    n = g.rs.prog_nslots[cid]
    o = object()
    for k in (0, 1, n, n + 2):
        args = (o,) * k
        held = min(k, n)
        for _ in range(3):
            nones, os = sys.getrefcount(None), sys.getrefcount(o)
            kept = []
            for _ in range(20):
                kept.append(P._push_prog(g, None, cid, args, 0, None).slots)
                g.stack.pop()
            counts = (sys.getrefcount(None) - nones, sys.getrefcount(o) - os)
            del kept
            after = (sys.getrefcount(None) - nones, sys.getrefcount(o) - os)
        assert counts == (20 * (n - held), 20 * held) and after == (0, 0), (k, counts, after)


def test_call_resolves_a_role_still_to_be_chosen_whatever_comes_with_it(identity):  # noqa: F811
    """flow.call tests an argument's type by pointer for an int before isinstance (step 69):
    a Pick of roles among any other arguments (ints, a bool, a word, a tuple, None, a Pick of
    cards) is chosen before the program runs (a helper frame, not the program's, is pushed);
    without one, the program's frame is pushed with the arguments in its slots."""
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    cid = _move_prog(g)
    cards = P.new_pick("cards", (), 1, 1, -1, None, None)
    others = [0, 3, -1, True, "x", (1, 2), None, cards]
    for picked in (False, True):
        for v in others:
            args = (v, P.new_pick("players", (0, 1), 1, 1, -1, None, None)) if picked else (v, 2)
            f = g.new_frame(cid, 0, None)
            n = len(g.stack)
            P.call(g, f, cid, args)
            top = g.stack[-1]
            assert len(g.stack) == n + 1 and (top.prog == cid) is (not picked), (picked, v)
            if not picked:
                assert top.slots[:2] == [v, 2]
            del g.stack[n:]
