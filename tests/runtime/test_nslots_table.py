"""A program's slot count is kept twice by the ruleset: the list ``prog_nslots`` (the reference,
the pure engine's read) and the C int array ``nslots_at`` (compiled, flow's _push_args and
_push_prog read it in place: docs/performance.md, step 99a). Both hold the same counts, a frame
pushed for any program gets its program's count of slots, and past the array's end (or with no
array) the list is read."""
import array

from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_the_array_holds_the_lists_counts(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    rs = g.rs
    assert type(rs.nslots_at) is array.array and rs.nslots_at.typecode == "i"
    assert len(rs.prog_nslots) == len(rs.progs) > 100
    assert rs.nslots_at.tolist() == rs.prog_nslots


def test_every_programs_frame_has_its_count_of_slots(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    counts = set()
    for cid, n in enumerate(g.rs.prog_nslots):
        c = P._push_prog(g, None, cid, (7,), 0, None)
        assert len(c.slots) == n, (g.rs.prog_names[cid], len(c.slots), n)
        assert c.slots[:1] == [7][:n]
        g.stack.pop()
        counts.add(n)
    assert len(counts) > 5   # programs of many sizes
    # a call with its arguments as they are (call3: _push_args) the same
    t = P._T(g)
    f = g.new_frame(t.ev_move, 0, None)
    P.call3(g, f, t.ev_move, 0, (), 0)
    assert g.stack[-1].prog == t.ev_move
    assert len(g.stack[-1].slots) == g.rs.prog_nslots[t.ev_move]


def test_past_the_arrays_end_the_list_is_read(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    rs = g.rs
    cid = P._T(g).ev_move
    n = rs.prog_nslots[cid]
    kept = rs.nslots_at
    try:
        for short in (array.array("i"), array.array("i", kept[:cid]), None):
            rs.nslots_at = short
            assert len(P._push_prog(g, None, cid, (), 0, None).slots) == n
            g.stack.pop()
    finally:
        rs.nslots_at = kept
    assert rs.nslots_at.tolist() == rs.prog_nslots
