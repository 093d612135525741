"""Step 71 of docs/performance.md: the usability scan's set-up (usable._scan_begin) held to its
definitions, pure and as built (the compiled fast paths are what the games run).

* usable._scan_tables (a list by timing id, kept for the game's tables) answers the tables'
  own entries, (t.use_methods[tid], t.use_index[tid]) or None, for every timing id of each
  rulebook and ids about them, when the games alternate (the list is made again for another
  game's tables), with the methods' 使用目标 readings the scan evaluates (step 150: those
  Targets._target_value reads by name and method);
* usable._convert_skills' card names are the sorted tuple of t.skill_names' set (None: any);
* at each decision of seeded games of the three rulebooks, for every living role and every
  timing at which cards are used, _scan_begin's marks (the hand read in place, compiled), its
  methods and its conversion skills are those computed afresh from the tables' dictionaries,
  the hand by Game.zone_cards and the names by t.skill_names."""
from seeded_games import DECISIONS, RULEBOOK_GAMES, run_both

TABLES = RULEBOOK_GAMES + r"""
from core.prims import base as B, targets as Targets, usable as U
rows, timings, names, readings, bad = 0, 0, 0, 0, []


def reading(g, name, mi):
    # the 使用目标 reading Targets._target_value evaluates: the method's by name, from the tables
    ms = Targets._methods(g, name)
    return ms[mi][2] if mi < len(ms) else None


for g in games + games[::-1]:
    t = B._T(g)
    n = len(g.rs.timing_names)
    for tid in range(-2, n + 3):
        got = U._scan_tables(t, tid)
        m = t.use_methods.get(tid)
        rows += 1
        timings += bool(m)
        if not m:
            if got is not None:
                bad.append((tid, got))
        elif got is None or got.methods is not m or got.idx is not t.use_index[tid] \
                or got.pairs != [(e[0], e[1]) for e in m] \
                or got.masks != U._masks_of(got.idx, len(m)) \
                or len(got.reads) != len(m) \
                or any(r is not reading(g, e[0], e[1]) for r, e in zip(got.reads, m)):
            # step 96: the masks, the pairs (a _ScanAt: step 119a); step 150: the readings
            bad.append((tid, (got.methods, got.idx) if got else got))
        if m:
            readings += sum(r is not None for r in got.reads)
    for tid, sk, nm in U._convert_skills(g):
        want = t.skill_names.get(sk.id)
        names += nm is not None
        if (nm is None) != (want is None) or (
                want is not None and (type(nm) is not tuple or nm != tuple(sorted(want)))):
            bad.append((sk.name, nm, want))
print(rows > 400, timings >= 16, names >= 8, readings > 100, bad[:3])
"""


def test_the_scan_tables_are_the_tables_entries_pure_and_as_built():
    assert run_both(TABLES) == "True True True True []"


SETUP = DECISIONS + r"""
from core.prims import base as B, turns as Turns, usable as U
SKIP, HAND, CONVERT = 0, 1, 2   # usable.M_SKIP, M_HAND, M_CONVERT (C ints of the room when compiled)


def conversions(g, p):
    # every conversion skill p has, in _convert_skills' order, none kept
    return [e for e in U._convert_skills(g) if g.has_skill(p, e[1].id)]


def marks(g, p, tid):
    # by method index: M_HAND, M_CONVERT or M_SKIP, from the tables' dictionaries, the hand by
    # the engine's method and the names by the tables' sets
    t = B._T(g)
    hand = {g.card_name(c) for c in g.zone_cards(E.Z_HAND, p)}
    sets = [t.skill_names.get(e[1].id) for e in conversions(g, p)]
    out = []
    for name, mi, cond in t.use_methods[tid]:
        if name in hand:
            out.append(HAND)
        elif any(nm is None or name in nm for nm in sets):
            out.append(CONVERT)
        else:
            out.append(SKIP)
    return out


setups = converts = nothing = 0
bad = []
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        t = B._T(g)
        for tid in sorted(t.use_methods):
            for p in range(g.n):
                if not g.players[p].alive:
                    continue
                # the idle point is scanned for its subject: the turn's frame, its current role
                ev = Turns._turn_frame(g) if tid == t.idle else None
                if tid == t.idle and (ev is None or p != g.current):
                    continue
                want = marks(g, p, tid)
                sc = U._scan_begin(g, p, ev, tid)
                if sc is None:
                    nothing += 1
                    if any(want):
                        bad.append((key, seed, n, tid, p, None, want))
                    continue
                setups += 1
                converts += CONVERT in want
                got = list(sc.marks())
                if got != want or sc.at.methods is not t.use_methods[tid] or \
                        list(sc.conv) != conversions(g, p):
                    bad.append((key, seed, n, tid, p, got, want))
print(games, setups > 2000, converts > 100, nothing > 1000, bad[:3])
"""


def test_the_scan_set_up_marks_its_definition_pure_and_as_built():
    assert run_both(SETUP) == "5 True True True []"
