"""Step 58 of docs/performance.md: the dispatcher's and the modifiers' fast paths held to their
definitions, at each decision of seeded random-player games of the three rulebooks, pure and as
built (the compiled engine's C functions are what the games run):

* the modifier formula (core.held._modval, which Game.modval, distance, attack_range, hand_limit
  and draw_count call): the glossary's formula written out below, every modifier asked, for
  every pair of seats and every seat;
* Skill.cond's runtime tests (engine._skill_ready, which _candidates inlines, and
  core.held._skill_tests, which it calls; Game.skill_ready calls it): written out below, for
  every skill of the timing of every dispatch frame on the stack and every seat;
* the dispatcher's caches, which a change of a player's skills now forgets timing by timing
  (core.held._skill_changed): every held list kept (Game.held) is the timing's skills that
  somebody holds (and whose needed skill somebody holds), and every seat entry kept
  (Game.held_seats) the seats that have one of them (alive, or the skill dead_ok: step 117a),
  both computed afresh; and its second half (step 126a) the seats among them that have one
  without Skill.own_subject. A seat the dispatch of an event whose subject is another seat
  skips for that (core.dispatch.seats_asked, written out below) has no skill of the timing whose Skill.cond (the
  runtime's tests, then the full condition) holds there, for every event frame on the stack."""
from seeded_games import DECISIONS, MODVAL_WRITTEN, run_python

SCRIPT = DECISIONS + r"""
import collections

seen = collections.Counter()
bad = []


""" + MODVAL_WRITTEN + r"""

def ready(g, s, owner, ev, t):
    # the runtime's tests before a skill's condition (ruleset.Skill's fields)
    if s.idle_slot >= 0 and ev is not None and type(ev.x) is list:
        used = ev.x[s.idle_slot]   # the skill uses counted when the idle point began
        if used is not None and g.n_skill_uses > used:
            return False
    if s.lord_role >= 0 and g.players[owner].role != s.lord_role:
        return False
    if t == s.active_idle:
        subject = (ev if ev is not None else s.probe).subject
        if (-1 if subject is None else subject) != owner:
            return False
    return True


def fresh_held(g, t):
    return [s.id for s in g.rs.by_timing[t] if g.holders[s.id] > 0
            and (s.needs < 0 or g.holders[s.needs] > 0)]


def check(g):
    for a in range(g.n):
        seen["seats"] += 1
        want = modval_written(g, E.MK_RANGE, a, -1, 1)
        if g.attack_range(a) != want or g.modval(E.MK_RANGE, a, -1, 1) != want:
            bad.append(("attack range", a, g.attack_range(a), want))
        if g.hand_limit(a) != modval_written(g, E.MK_HANDLIMIT, a, -1, g.players[a].hp):
            bad.append(("hand limit", a, g.hand_limit(a)))
        if g.draw_count(a) != modval_written(g, E.MK_DRAW, a, -1, 2):
            bad.append(("draw count", a, g.draw_count(a)))
        for b in range(g.n):
            want = 0 if a == b else modval_written(g, E.MK_DISTANCE, a, b, g.base_distance(a, b))
            seen["distances"] += 1
            seen["modified"] += a != b and want != g.base_distance(a, b)
            if g.distance(a, b) != want:
                bad.append(("distance", a, b, g.distance(a, b), want))
    for f in g.stack:
        if f.prog != E.DISPATCH_PROG:
            continue
        t = f.a
        for s in g.rs.by_timing[t]:
            for p in range(g.n):
                want = ready(g, s, p, f.ev, t)
                seen["ready"] += 1
                seen["not ready"] += not want
                if g.skill_ready(s, p, f.ev, t) != want:
                    bad.append(("skill ready", g.rs.timing_names[t], s.name, p, want))
    events = [f for f in g.stack if type(f.subject) is int and f.subject >= 0]
    for t in range(len(g.rs.timing_names)):
        held = fresh_held(g, t)
        if g.held is not None and g.held[t] is not None:
            seen["held lists"] += 1
            if [s.id for s in g.held[t]] != held:
                bad.append(("held list", g.rs.timing_names[t]))
        if g.held_seats is not None and g.held_seats[t] >= 0:
            seen["seat entries"] += 1
            # a dead seat counts its dead_ok skills only (step 117a)
            bits = sum(1 << p for p in range(g.n)
                       if any(g.players[p].has[sid] > 0
                              and (g.players[p].alive or g.rs.skills[sid].dead_ok)
                              for sid in held))
            if g.held_seats[t] != bits:
                bad.append(("seats", g.rs.timing_names[t], g.held_seats[t], bits))
            nt = len(g.rs.timing_names)
            opened = sum(1 << p for p in range(g.n)
                         if any(g.players[p].has[sid] > 0 and not g.rs.skills[sid].own_subject
                                and (g.players[p].alive or g.rs.skills[sid].dead_ok)
                                for sid in held))
            if g.held_seats[nt + t] != opened:
                bad.append(("open seats", g.rs.timing_names[t], g.held_seats[nt + t], opened))
            for ev in events:
                # the seats with a skill without own_subject, and the subject itself
                asked = bits & (opened | (1 << ev.subject))
                seen["seats skipped"] += bin(bits & ~asked).count("1")
                for p in range(g.n):
                    if not (bits >> p) & 1 or (asked >> p) & 1:
                        continue
                    for sid in held:
                        s = g.rs.skills[sid]
                        if g.players[p].has[sid] > 0 and s.cond(g, p, ev, t):
                            bad.append(("skipped", g.rs.timing_names[t], s.name, p, ev.subject))


for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds):
        check(g)
print(games, *[seen[k] > 100 for k in ("seats", "distances", "modified", "ready", "not ready",
                                       "held lists", "seat entries", "seats skipped")])
for x in bad[:5]:
    print("DIFFERS", *x)
"""


def test_fast_paths_are_their_definitions_pure_and_as_built():
    out = {pure: run_python(SCRIPT, pure=pure).strip().splitlines() for pure in (True, False)}
    for pure, lines in out.items():
        assert lines[0] == "5 True True True True True True True True", (pure, lines[:6])
        assert not lines[1:], (pure, "\n".join(lines[1:]))
    assert out[True] == out[False]
