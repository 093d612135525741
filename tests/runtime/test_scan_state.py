"""Step 76 of docs/performance.md: the usability scan's state (usable._Scan: C fields and C marks
when compiled, from a freelist) held to its definitions, pure and as built.

* usable._scan_new(n) has n marks, all M_SKIP, for timings the object's own buffer holds and for
  longer ones (a bytearray it keeps), also when its memory is a dead scan's;
* at every third decision of seeded games of the three rulebooks, for every living role, every
  timing at which cards are used and every frame on the stack as the event (and none),
  _scan_begin answers what its definition, written out here, answers: nothing, or the event's
  subject, the 不可响应 list of the event's card, the role's conversion skills, the marks and the
  timing's methods."""
from seeded_games import DECISIONS, identity_game, run_both

NEW = r"""
from core.agents import RandomPlayer
from core.prims import base as B, turns as Turns, usable as U
lengths = (0, 1, 2, 41, 63, 64, 65, 100, 300)
bad = [(n, sc.n, sc.marks()) for n in lengths for sc in [U._scan_new(n)]
       if sc.n != n or sc.marks() != bytes(n)]
# a dead scan's memory reused (compiled: the freelist) starts with zero marks again
""" + identity_game(1) + r"""
t = B._T(g)
a = RandomPlayer(1)
marked = 0
d = g.step()
while marked < 20 and d is not None:
    tf = Turns._turn_frame(g)
    sc = U._scan_begin(g, g.current, tf, t.idle) if tf is not None and g.current >= 0 else None
    if sc is not None and any(sc.marks()):
        marked += 1
        del sc
        for n in lengths:
            fresh = U._scan_new(n)
            if fresh.marks() != bytes(n):
                bad.append(("reused", n, fresh.marks()))
    g.answer(a.choose(g, d))
    d = g.step()
print(marked, bad[:3])
"""


def test_a_new_scan_state_has_no_marks_pure_and_as_built():
    assert run_both(NEW) == "20 []"


SETUP = DECISIONS + r"""
from core.prims import base as B, resolving as Resolving, usable as U
SKIP, HAND, CONVERT = 0, 1, 2   # usable.M_SKIP, M_HAND, M_CONVERT (C ints of the room when compiled)
X_FLAG, V_NORESP, NONE = 10, 13, -1   # base's (C ints when compiled)


def begin_written(g, p, ev, tid):
    # _scan_begin's answer from the tables' dictionaries, the engine's methods and the tables'
    # sets: None, or (subject, 不可响应 list, conversion skills, marks, methods)
    t = B._T(g)
    methods = t.use_methods.get(tid)
    if not methods or not g.players[p].alive:
        return None
    subj = ev.subject if ev is not None and isinstance(ev.subject, int) else NONE
    if tid == t.idle and subj != p:
        return None
    if ev is not None:
        fl = B._get(ev, X_FLAG)
        if isinstance(fl, list) and fl[0] is not None and p not in fl[0]:
            return None
    conv = [e for e in U._convert_skills(g) if g.has_skill(p, e[1].id)]
    hand = {g.card_name(c) for c in g.zone_cards(E.Z_HAND, p)}
    sets = [t.skill_names.get(e[1].id) for e in conv]
    marks = [HAND if name in hand else CONVERT if any(nm is None or name in nm for nm in sets)
             else SKIP for name, mi, cond in methods]
    if not any(marks):
        return None
    card = Resolving._card_of_event(g, ev) if ev is not None else None
    # the 不可响应 list, None when it has no entries (step 152: _scan_from tests it by a pointer)
    noresp = B._field(B._rec(g, card), V_NORESP) if B._is_v(card) else ()
    return subj, noresp if noresp else None, conv, marks, methods


setups = events = noresp = subjects = 0
bad = []
for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        t = B._T(g)
        frames = [None] + list(g.stack)
        for tid in sorted(t.use_methods):
            for p in range(g.n):
                for ev in frames:
                    want = begin_written(g, p, ev, tid)
                    sc = U._scan_begin(g, p, ev, tid)
                    if sc is None or want is None:
                        if (sc is None) != (want is None):
                            bad.append((key, seed, n, tid, p, sc, want))
                        continue
                    setups += 1
                    events += ev is not None
                    noresp += bool(want[1])
                    subjects += want[0] >= 0
                    got = (sc.subj, sc.noresp, list(sc.conv), list(sc.marks()), sc.at.methods)
                    if got[:4] != want[:4] or got[4] is not want[4]:
                        bad.append((key, seed, n, tid, p, got[:4], want[:4]))
print(games, setups > 5000, events > 3000, noresp > 0, subjects > 1000, bad[:3])
"""


def test_the_scan_state_is_its_definition_pure_and_as_built():
    assert run_both(SETUP) == "4 True True True True []"
