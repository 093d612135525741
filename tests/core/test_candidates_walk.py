"""core.dispatch.candidates: one walk over a timing's held list, each skill asked once, the
answer made at the first candidate (step 257a), and a use-limited skill's counter read in place
(dispatch._limit_reached: Game.count's counter, its scope, seat and key; step 257a)."""
from core import engine as E
from toy import Toy


def _asking(t, names, **kws):
    """A two-seat game at its first decision: the dispatch of T_TURN_START asking seat 0, which
    holds the optional skills ``names`` (their keywords in ``kws``, by name); (g, frame, ids)."""
    ids = {nm: t.skill(nm, t.T_TURN_START, **kws.get(nm, {})) for nm in names}
    g = t.game(n=2)
    for s in ids.values():
        g.grant_skill(0, s)
    d = g.step()
    f = g.stack[-1]
    assert d is not None and f.a == t.T_TURN_START and d.who == 0
    return g, f, ids


def _names(g, cands):
    return None if cands is None else [s.name for s in cands]


def test_the_candidates_are_every_asked_skill_that_holds_in_the_held_lists_order():
    t = Toy(nturns=1)
    no = {"cond": lambda g, o, ev, tt: False}
    g, f, ids = _asking(t, ["A", "B", "C", "D", "E", "F"], B=no, D=no, F=no)
    held = [s.name for s in g.held[f.a]]
    assert sorted(held) == ["A", "B", "C", "D", "E", "F"]
    # the first and the last of the list asked too, in its order
    assert _names(g, g._candidates(f, 0)) == [nm for nm in held if nm in ("A", "C", "E")]
    assert g._candidates(f, 1) is None   # seat 1 holds none: None, not an empty list
    g.set_alive(0, False)   # nothing holds at a dead seat (no skill dead_ok)
    assert g._candidates(f, 0) is None

def test_a_limited_skill_is_a_candidate_until_its_own_counter_reaches_its_limit():
    t = Toy(nturns=1)
    lim = {"limit_scope": E.SC_TURN, "limit": 2}
    g, f, ids = _asking(t, ["A", "L", "M"], L=lim, M=lim)
    L, M = ids["L"], ids["M"]
    assert sorted(_names(g, g._candidates(f, 0))) == ["A", "L", "M"]
    # other counters than L's own: another seat's, another scope's, another skill's
    g.add_count(E.SC_TURN, 1, g.ncounters + L, 5)
    g.add_count(E.SC_PHASE, 0, g.ncounters + L, 5)
    g.add_count(E.SC_GAME, 0, g.ncounters + L, 5)
    g.add_count(E.SC_TURN, 0, g.ncounters + M, 1)
    assert sorted(_names(g, g._candidates(f, 0))) == ["A", "L", "M"]
    g.add_count(E.SC_TURN, 0, g.ncounters + L, 1)   # below its limit (2)
    assert sorted(_names(g, g._candidates(f, 0))) == ["A", "L", "M"]
    g.add_count(E.SC_TURN, 0, g.ncounters + L, 1)   # at its limit
    assert sorted(_names(g, g._candidates(f, 0))) == ["A", "M"]
    g.add_count(E.SC_TURN, 0, g.ncounters + M, 1)
    assert _names(g, g._candidates(f, 0)) == ["A"]
