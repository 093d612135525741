"""A settled timing (Game.fire(…, settled=True), which core.prims.flow.fire asks for when nothing
runs between the timing and its dispatch frame) asks the seats at once, and pushes no dispatch
frame when none has a candidate (docs/performance.md, step 46). Held to its definition at every
settled timing of seeded random-player games of the three rulebooks, on the pure engine (the
compiled engine plays the same games: the fingerprint):

* what it answers is what the dispatch frame would have found at its first run (a fresh frame
  of the timing asking the seats from the current-turn role on, asked after it): no seat with a
  candidate, and
  it returns 0 with no frame pushed, the frame id spent as the frame's, g.ret None (the verdict
  executed() read from the popped dispatch frame: True), the frame's push, step and pop counted;
  else it pushes the dispatch frame starting at the first seat with a candidate, with the id it
  would have had, and runs its first step (step 95): that seat asked which of its candidates
  (WAIT), or its one forced candidate fired (the skill's frame pushed above it);
* the seats are asked, settled or not, with the asking frame on top of the stack (where a
  condition that runs a term inline, or looks down the stack, finds it as before);
* and the games are the same without it: a level-2 log (every timing, push, question and
  answer, with the frame ids) of games played with settled timings refused is the same."""
from seeded_games import PLAY, WATCH_HEAD, run_pure, watch

WATCH = watch(r"""
fire = E.Game.fire


def first_seat(g, t, ev):
    # the dispatch frame's first run (Game._dispatch): seats from c on, a fresh frame's state
    q = E.Frame(0, 0)
    q.a = t
    q.ev = ev
    c = g.current if g.current >= 0 else g.referee
    for b in range(g.n):
        cands = candidates(g, q, (c + b) % g.n)   # unwatched: this frame is not on the stack
        if cands is not None:
            return c, b, [s.id for s in cands]
    return c, g.n, None


def watched_fire(g, t, ev, settled=False):
    if not settled or g.listen[t] == 0:
        seen["other"] += 1
        return fire(g, t, ev, settled)
    serial, depth = g.serial, len(g.stack)
    counts = (g.pushed, g.steps, g.popped)
    st = fire(g, t, ev, settled)
    counted = (g.pushed - counts[0], g.steps - counts[1], g.popped - counts[2])
    # the seats asked again after it: a condition's own writes (a delayed effect whose turn is
    # over is dropped as it is looked for, flow._delayed_find) are made once, whoever asks first
    c, b, ids = first_seat(g, t, ev)
    if st == 0:
        seen["none"] += 1
        if b != g.n:
            differs("none but", t, b)
        if st != 0 or len(g.stack) != depth or g.ret is not None or g.serial != serial + 1 or \
                counted != (1, 1, 1):
            differs("none", t, st, len(g.stack) - depth, g.serial - serial, counted)
    else:
        # the dispatch frame pushed, starting at the first seat with a candidate, and its first
        # step run at once (step 95): that seat asked which skill (2: the frame on top, at its
        # answer), or its one forced candidate fired (1: the skill's frame above it; asked again
        # now, that seat may have it no more: its limit counted)
        seen["found"] += 1
        q = g.stack[depth] if len(g.stack) > depth else None
        d = g.pending
        ok = q is not None and q.prog == 0 and q.a == t and q.ev is ev and q.c == c and \
            q.id == serial + 1 and q.y is None and not q.result
        if ok and st == 2:
            ok = len(g.stack) == depth + 1 and q.pc == 1 and q.x is None and q.b == b and \
                d is not None and d.who == (c + b) % g.n and list(d.options) == ids and \
                g.serial == serial + 1 and counted == (1, 1, 0)
        elif ok:
            top = g.stack[len(g.stack) - 1]
            ok = st == 1 and len(g.stack) == depth + 2 and q.pc == 0 and \
                (q.b == b and q.x == ids or q.b < b) and len(q.x) == 1 and \
                top.skill == q.x[0] and top.owner == (c + q.b) % g.n and top.ev is ev and \
                g.serial == serial + 2 and counted == (2, 1, 0)
        if not ok:
            differs("found", t, st, b, None if q is None else q.b, counted)
    return st


candidates = E.Game._candidates


def watched_candidates(g, f, p):
    # the seats are asked with the asking frame on top of the stack, as a dispatch frame is
    # when it runs: its start, the seat asked and its id where a condition may look
    seen["asked"] += 1
    top = g.stack[len(g.stack) - 1]
    if top is not f or f.prog != 0 or (f.c + f.b) % g.n != p:
        differs("asked", f.a, p, top.prog, f.c, f.b)
    return candidates(g, f, p)


E.Game.fire = watched_fire
E.Game._candidates = watched_candidates
""", 'seen["none"], seen["found"], seen["other"], seen["asked"]')


def test_settled_timings_are_the_dispatch_frames():
    """Nine seeded games: every settled timing answers what its dispatch frame would have found,
    and each path is taken (no candidate, most of them; a candidate; a timing not settled)."""
    lines = run_pure(WATCH)
    games, none, found, other, asked = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert none > 1000 and found > 200 and other > 1000, (none, found, other)
    # (~1.5 seats asked a timing: since step 126a a seat whose skills of the timing all have
    # own_subject is not asked at another seat's subject)
    assert asked > none + found, (asked, none, found)


# the same games' level-2 logs with settled timings and with them refused (Game.fire called as
# before this step), compared line for line
SAME = WATCH_HEAD + r"""
import sys
fire = E.Game.fire
logs = {}
for refuse in (False, True):
    if refuse:
        E.Game.fire = lambda g, t, ev, settled=False: fire(g, t, ev, False)
    out = logs[refuse] = []
""" + "\n".join("    " + line for line in PLAY.replace("log_level=0", "log_level=2").replace(
    "        games += g.result is not None",
    "        games += g.result is not None\n        out.append(g.log)").splitlines()) + r"""
same = logs[False] == logs[True]
print(games, len(logs[False]), sum(map(len, logs[False])), same)
"""


def test_settled_timings_play_the_same_games():
    """The nine games, each played with settled timings and with them refused: the same logs."""
    lines = run_pure(SAME)
    games, n, entries, same = lines[0].split()
    assert int(games) == 9 and int(n) == 9 and int(entries) > 10000, lines
    assert same == "True", lines
