"""Step 211c of docs/performance.md: the usability scan's tables keep, by method, its card name's
延时锦囊 flag (usable._ScanAt.delayed), which _scan_from gives targets._has_target_as where
_has_target read it from the tables by name id at each ask. Held, pure and as built, for every
timing of each rulebook's tables (the list made again when the games alternate): one byte a
method, Targets._is_delayed's answer for its name, some of them set (【乐不思蜀】, 【闪电】,
【兵粮寸断】); and _has_target_as answers as _has_target for the flag _is_delayed gives, the
other flag reading the targets otherwise (a 延时锦囊's rules read, or not)."""
from seeded_games import RULEBOOK_GAMES, SCAN_FROM_WRITTEN, run_both

FLAGS = RULEBOOK_GAMES + r"""
from core.prims import base as B, targets as Targets, usable as U
timings = methods = delayed = 0
bad = []
for g in games + games[::-1]:
    t = B._T(g)
    for tid in range(len(g.rs.timing_names)):
        at = U._scan_tables(t, tid)
        if at is None:
            continue
        timings += 1
        want = bytes([Targets._is_delayed(g, e[0]) for e in at.methods])
        methods += len(want)
        delayed += sum(want)
        if type(at.delayed) is not bytes or at.delayed != want:
            bad.append((tid, at.delayed, want))
print(timings >= 16, methods > 100, delayed >= 3, bad[:3])
"""


def test_the_scan_tables_keep_each_methods_delayed_flag_pure_and_as_built():
    assert run_both(FLAGS) == "True True True []"


def test_has_target_as_reads_the_delayed_trick_rules_by_its_flag():
    # seat 1 with 【乐不思蜀】 in its 判定区: a second one is no legal target (000:81) when the
    # flag says 延时锦囊, and is when it does not; the flag _is_delayed gives answers as
    # _has_target
    from core import prims as P
    from core.codes import Z_JUDGE
    from core.prims import targets as T
    import generated.identity as M
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    g.step()
    le = g.rs.card_names.index("乐不思蜀")
    card = next(c for c in range(len(g.cards)) if g.cards[c].name == le)
    g.move([card], Z_JUDGE, 1)
    assert T._is_delayed(g, le)
    assert T._has_target(g, 0, le, 1) is False
    assert T._has_target_as(g, 0, le, 1, True) is False
    assert T._has_target_as(g, 0, le, 1, False) is True
    assert T._has_target(g, 0, le, 2) is T._has_target_as(g, 0, le, 2, True) is True


SCANS = r"""
from core import prims as P
from core.agents import RandomPlayer
from core.codes import Z_HAND, Z_JUDGE
import generated.identity as M
from core.prims import base as B, cards as Cards, limits as Limits, targets as Targets
from core.prims import turns as Turns, usable as U
""" + SCAN_FROM_WRITTEN + r'''

scans = alone = 0
bad = []
for seed in (1, 2):
    g = P.new_game(M, 5, seed=seed, deck="标准版加军争", log_level=0)
    a = RandomPlayer(seed)
    t = B._T(g)
    le = g.rs.card_names.index("乐不思蜀")
    d = g.step()
    while d is not None and g.result is None:
        tf = Turns._turn_frame(g)
        p = g.current
        if tf is not None and p >= 0 and Turns._in_play_phase(g):
            # a copy of the game: a 【乐不思蜀】 in p's hand, one in each other living seat's 判定区
            # while the deck has one, the other seats dead: no legal target (000:81); alone in
            # p's hand it has one
            for judged in (False, True):
                c = g.clone()
                cards = [x for x in range(len(c.cards)) if c.cards[x].name == le]
                c.move([cards.pop()], Z_HAND, p)
                if judged:
                    for q in range(c.n):
                        if q != p and c.players[q].alive:
                            if cards:
                                c.move([cards.pop()], Z_JUDGE, q)
                            else:
                                c.set_alive(q, False)
                sc = U._scan_begin(c, p, Turns._turn_frame(c), t.idle)
                got = []
                U._scan_from(c, p, Turns._turn_frame(c), t.idle, sc, 0, got, False)
                want = scan_from_written(c, p, Turns._turn_frame(c), t.idle, sc, 0)
                found = [x for x in got if x[0] == le]
                scans += judged
                alone += not judged and bool(found)
                if got != want or judged and found:
                    bad.append((seed, p, judged, got, want))
        g.answer(a.choose(g, d))
        d = g.step()
print(scans > 50, alone > 20, bad[:3])
'''


def test_the_scan_reads_a_delayed_tricks_rules_by_its_flag_pure_and_as_built():
    assert run_both(SCANS) == "True True []"
