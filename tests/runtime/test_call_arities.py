"""flow.call1 to call4 (what generated code calls for a program of one to four arguments,
compiler.emit.call_code: docs/performance.md "Step 84") do what flow.call does with the arguments
as a tuple: the same status, the same frames pushed (program, owner, event context, flags, phase,
slots), the same parent's child and flags, the same game after — from the frames that run at
decisions of a seeded game (turn and phase flows among them) and a fresh frame, for a plain
event, events of more and fewer slots than arguments, a phase's event and the turn's event, with
ints, None, a word, tuples (one holding a role still to be chosen: a tuple is never chosen first,
and call1..3 and call test its type by pointer before _chosen_first, step 102b), a Pick of cards
and a role still to be chosen (the Pick path: Decisions._resolve and _call_resolved). Pure and as
built (the test process's engine)."""
from core import engine as E, prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)

CALLS = {1: P.call1, 2: P.call2, 3: P.call3, 4: P.call4}


def _norm(v):
    """A value of a frame as compared: a Pick by its kind and group, a kept argument by its value,
    a frame by its id (the two games' objects are not the same ones)."""
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, tuple(_norm(x) for x in v))
    if isinstance(v, P.Pick):
        return ("pick", v.kind, tuple(v.group))
    if type(v).__name__ == "_Keep":
        return ("keep", _norm(v.v))
    if isinstance(v, E.Frame):
        return ("frame", v.id)
    return v


def _after(g, fi, base, st):
    f = g.stack[fi]
    out = [st, len(g.stack), g.serial, g.phase, f.flags, f.pc,
           None if f.child is None else f.child.id, g.current]
    for fr in g.stack[base:]:
        out.append((fr.prog, fr.owner, fr.flags, fr.a, fr.id, None if fr.ev is None else fr.ev.id,
                    _norm(fr.slots), _norm(fr.y)))
    return out


def _run(g, fi, how, cid, make):
    """A clone of g, its frame at fi calling program cid with the arguments make() gives, by
    call (how None) or by call1..3: what it answered or raised and the game after."""
    c = g.clone()
    base = len(c.stack)
    args = make()
    try:
        if how is None:
            st = P.call(c, c.stack[fi], cid, tuple(args))
        else:
            st = CALLS[how](c, c.stack[fi], cid, *args)
    except Exception as e:   # (both ways raise the same: compared)
        return ("raised", type(e).__name__, str(e))
    return _after(c, fi, base, st)


def _argsets():
    roles = lambda: P.new_pick("players", (0, 1, 2), 1, 1, -1, None, None)   # noqa: E731
    cards = lambda: P.new_pick("cards", (), 1, 1, -1, None, None)   # noqa: E731
    return [
        lambda: [0], lambda: [3], lambda: [None], lambda: [roles()], lambda: [cards()],
        lambda: [1, "x"], lambda: [2, roles()], lambda: [(1, 2), None],
        lambda: [0, (), 0], lambda: [1, cards(), 2], lambda: [0, 1, roles()],
        lambda: [(roles(),), 1], lambda: [0, (1, 2), roles()],   # a tuple is never chosen first
        lambda: [0, (1, 2), 1, 3], lambda: [0, 1, None, roles()], lambda: [0, cards(), 2, "x"],
    ]


def test_call_by_arity_is_call_with_a_tuple(identity):  # noqa: F811
    from core.agents import RandomPlayer
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = P._T(g)
    by_slots = {}
    for name, cid in sorted(t.events.items()):
        by_slots.setdefault(g.rs.prog_nslots[cid], cid)
    phase = sorted(t.phase_prog.values())[0]
    progs = sorted({t.ev_move, t.events["伤害"], phase, t.ev_turn, by_slots.get(1, t.ev_move),
                    by_slots[min(by_slots)]})
    a = RandomPlayer(1)
    seen = {"cases": 0, "turn": 0, "phase": 0, "picked": 0, "pushed": 0}
    d = g.step()
    n = 0
    while d is not None and g.result is None and n < 400:
        n += 1
        if n % 40 == 1:
            fis = set(range(max(0, len(g.stack) - 3), len(g.stack)))
            for i, fr in enumerate(g.stack):
                if fr.flags & (E.F_TURN | E.F_PHASE):
                    fis.add(i)
            for fi in sorted(fis):
                fl = g.stack[fi].flags
                for cid in progs:
                    for make in _argsets():
                        k = len(make())
                        want = _run(g, fi, None, cid, make)
                        got = _run(g, fi, k, cid, make)
                        assert got == want, (n, fi, fl, cid, make())
                        seen["cases"] += 1
                        seen["turn"] += bool(fl & E.F_TURN)
                        seen["phase"] += cid == phase and want[0] != "raised"
                        seen["picked"] += want[0] == 1 and want[-1][0] != cid
                        seen["pushed"] += want[0] == 1 and want[-1][0] == cid
        g.answer(a.choose(g, d))
        d = g.step()
    assert seen["cases"] > 1000 and min(seen.values()) > 20, seen
