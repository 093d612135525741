"""Step 57 of docs/performance.md: what the usability scan reads at each card, held to its
definitions, pure and as built (the compiled fast paths are what the games run).

* targets._is_delayed (a bytearray by card name id, since step 86d the tables' ``delayed_names``,
  made by register.finish) answers what targets._delayed_name (the card's entry in the tables)
  answers, for every card name id of each rulebook, for what is not a name id, and when the
  games alternate between rulebooks;
* usable._scan_from passes over the unmarked methods in a C loop: at each decision of seeded
  games, the current player's scan at the idle point answers what the scan written out below
  answers (every marked method of _scan_begin's state read in turn, with the same tests);
  turns._in_play_phase (C ints) answers what the phase's bounds say;
* status._use_limited asks each rule set with one query list filled in place (_limit_hit): it
  answers what running every rule of the name and of its kinds with a list of its own answers."""
from seeded_games import RULEBOOK_GAMES, SCAN_FROM_WRITTEN, USE_LIMIT_WRITTEN, run_both

DELAYED = RULEBOOK_GAMES + r"""
from core.prims import targets as Targets
rows, delayed, bad = 0, 0, []
for g in games + games[::-1]:
    n = len(g.rs.card_names)
    for name in list(range(n)) + [-1, n, n + 5, None, "乐不思蜀", 2.0]:
        got, want = Targets._is_delayed(g, name), Targets._delayed_name(g, name)
        rows += 1
        delayed += bool(want)
        if got != want:
            bad.append((name, got, want))
print(rows > 200, delayed >= 8, bad[:3])
"""


def test_the_delayed_trick_table_is_its_definition_pure_and_as_built():
    assert run_both(DELAYED) == "True True []"


SCANS = r"""
import sys
from core import prims as P
from core.agents import RandomPlayer
import generated.identity as M
from core.prims import base as B, cards as Cards, resolving as Resolving, limits as Limits, status as Status
from core.prims import targets as Targets, turns as Turns, usable as U
""" + SCAN_FROM_WRITTEN + r"""

scans = found = plays = bounds = 0
bad = []
for seed in (1, 2, 3):
    g = P.new_game(M, 5, seed=seed, log_level=0)
    a = RandomPlayer(seed)
    t = B._T(g)
    d = g.step()
    while d is not None and g.result is None:
        tf = Turns._turn_frame(g)
        if tf is not None:
            # the phase's bounds as Python ints (the definition)
            want = tf.timing >= 0 and t.play_lo <= tf.timing <= t.play_hi
            plays += want
            if Turns._in_play_phase(g) != want:
                bad.append(("play phase", tf.timing))
            if not bounds:
                # every timing about the play phase's bounds, and none, set in turn on the turn
                # frame (the decisions meet only some of them)
                old = tf.timing
                for x in [-1] + list(range(t.play_lo - 2, t.play_hi + 3)):
                    tf.timing = x
                    bounds += 1
                    if Turns._in_play_phase(g) != (x >= 0 and t.play_lo <= x <= t.play_hi):
                        bad.append(("play phase bounds", x))
                tf.timing = old
            p = g.current
            sc = U._scan_begin(g, p, tf, t.idle) if p >= 0 else None
            if sc is not None:
                for i in (0, 1, len(sc.at.methods) // 2):
                    got = []
                    U._scan_from(g, p, tf, t.idle, sc, i, got, False)
                    want = scan_from_written(g, p, tf, t.idle, sc, i)
                    scans += 1
                    found += len(got)
                    if got != want:
                        bad.append((seed, i, got, want))
        g.answer(a.choose(g, d))
        d = g.step()
print(scans > 300, found > 300, plays > 100, bounds > 5, bad[:3])
"""


def test_the_idle_scan_reads_every_marked_method_pure_and_as_built():
    """At each decision of three games (pure and as built): the current player's idle-point scan,
    from its start and from two later indices, finds what the scan written out finds, and
    _in_play_phase is the turn's timing within the play phase's bounds (and for every timing about
    them, set on the turn frame once)."""
    assert run_both(SCANS) == "True True True True []"


LIMITS = r"""
from core import prims as P
from core.agents import RandomPlayer
import generated.identity as M
from core.prims import base as B, limits as Limits, status as Status


""" + USE_LIMIT_WRITTEN + r"""

asked = limited = 0
bad = []
for seed in (1, 2, 3):
    g = P.new_game(M, 5, seed=seed, log_level=0)
    a = RandomPlayer(seed)
    t = B._T(g)
    Status.kinds(g)
    names = [n for n in range(len(t.use_limits)) if t.use_limits[n] is not None]
    d = g.step()
    while d is not None and g.result is None:
        for p in range(g.n):
            if not g.players[p].alive:
                continue
            for n in names:
                for mi in range(len(t.cards[n][5])):
                    got, want = bool(Limits._use_limited(g, p, n, mi)), use_limited_written(g, p, n, mi)
                    asked += 1
                    limited += want
                    if got != want:
                        bad.append((seed, p, g.rs.card_names[n], mi, got, want))
        g.answer(a.choose(g, d))
        d = g.step()
print(asked > 10000, limited > 500, len(names) >= 4, bad[:3])
"""


def test_a_use_limit_answers_its_rules_pure_and_as_built():
    """At each decision of three games (pure and as built), for every living role and every
    method of every card name a use limit may speak for: status._use_limited (its rule sets asked
    with one query list filled in place, _limit_hit) answers what running each rule of the name
    and of its kinds with a list of its own answers."""
    assert run_both(LIMITS) == "True True True []"
