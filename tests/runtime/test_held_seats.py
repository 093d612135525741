"""The seats a timing's dispatch asks (docs/performance.md, step 54): a settled timing
(Game.fire) and the dispatch frame (Game._dispatch) ask only the seats with a skill of the
timing's held list, read from a cache by timing (core.dispatch's seats_with, which the engine's
Game._fire_heard and dispatch_run call; Game.held_seats) dropped
at each change of a player's skills. Held to its definition at every read in seeded
random-player games of the three rulebooks, on the pure engine (the compiled engine plays the
same games: the fingerprint): the bits are the seats p that have (has > 0) a skill of
rs.by_timing[t] that somebody holds (and whose needed skill somebody holds), alive or the skill
dead_ok (step 117a: a dead seat's other skills are never candidates), computed afresh, not from
the caches; of those, for an event whose subject is a seat, the subject and the seats with such
a skill without Skill.own_subject (step 126a: the others' skills are all pre-tested False
there); and a seat without its bit answers None when asked (no candidate, so skipping it skips
nothing)."""
from seeded_games import run_pure, watch

WATCH = watch(r"""
import core.dispatch as D
seats_with = D.seats_with


def fresh_bits(g, t, skills=None):
    held = [s for s in (g.rs.by_timing[t] if skills is None else skills) if g.holders[s.id] > 0
            and (s.needs < 0 or g.holders[s.needs] > 0)]
    m = 0
    for p in range(g.n):
        pl = g.players[p]
        if any(pl.has[s.id] > 0 and (pl.alive or s.dead_ok) for s in held):
            m |= 1 << p
    return m


def watched_seats_with(g, t, ev):
    m = seats_with(g, t, ev)
    seen["reads"] += 1
    want = fresh_bits(g, t)
    subj = ev.subject if ev is not None else None
    if type(subj) is int and subj >= 0:
        held = [s for s in g.rs.by_timing[t] if not s.own_subject]
        opened = fresh_bits(g, t, held)
        want &= opened | (1 << subj)
        seen["own skipped"] += bin(fresh_bits(g, t) & ~want).count("1")
    if m != want:
        if len(bad) < 5:
            bad.append(("bits", g.rs.timing_names[t], m, want))
    # a seat without its bit has no candidate: asked anyway (on a fresh dispatch frame's state,
    # off the stack: held skills without has never reach a condition), it answers None
    q = E.Frame(0, 0)
    q.a = t
    q.ev = ev
    for p in range(g.n):
        if not (m >> p) & 1:
            seen["skipped"] += 1
            pl = g.players[p]
            if not pl.alive and any(pl.has[s.id] > 0 for s in g.rs.by_timing[t]):
                seen["dead_skipped"] += 1   # skipped for its death only (step 117a)
            if E.Game._candidates(g, q, p) is not None and len(bad) < 5:
                bad.append(("skipped", g.rs.timing_names[t], p))
    return m


E.seats_with = D.seats_with = watched_seats_with   # (Game._fire_heard's name, dispatch_run's)
""", 'seen["reads"], seen["skipped"], seen["dead_skipped"], seen["own skipped"]')


def test_seats_asked_are_those_with_a_skill_of_the_timing():
    lines = run_pure(WATCH)
    games, reads, skipped, dead_skipped, own_skipped = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert reads > 5000 and skipped > 5000, (reads, skipped)
    assert dead_skipped > 500 and own_skipped > 5000, (dead_skipped, own_skipped)
