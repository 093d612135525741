"""choose_targets' target list and its _AWAY writes (docs/performance.md, step 231a).

choose_targets stores the list of roles that _target_options_of answered as the card's target list
itself (no copy): sound because that list is made for the answer alone. Held over the nine
seeded random-player games of the three rulebooks on the pure engine (the compiled engine plays
the same games: the fingerprint):

* each answer of _target_options_of holds a list nothing else holds (not the evaluated targets
  it was given, not a list kept anywhere);
* each target list choose_targets writes into a card's record is the record's alone;
* after each choice, _AWAY's slot holds what it held before and _away_skills' entry is
  released, the two lists keeping their lengths (compiled, choose_targets writes their slots in
  place).

And as built: after games played on the compiled engine, _away_skills' entry keeps its length and
is released (_AWAY is a C global there, not read from Python)."""
from seeded_games import run_pure, run_python, watch

WATCH = watch(r"""
import sys
from core.prims import base as B, targets as T

options_of = T._target_options_of
choose = T.choose_targets


def watched_options_of(g, user, name, v, restrict):
    opt = options_of(g, user, name, v, restrict)
    seen["answers"] += 1
    if opt is not None:
        lst = opt[1]
        # held by the answer's tuple alone (besides this local and getrefcount's argument)
        if type(lst) is not list or lst is v or sys.getrefcount(lst) != 3:
            differs("answer's list shared", name, v, lst, sys.getrefcount(lst))
    return opt


def watched_choose(g, f, strict, who, c):
    away = B._AWAY[0]
    before = B._rec(g, c)[B.V_TARGETS] if B._is_v(c) else None
    out = choose(g, f, strict, who, c)
    if B._AWAY[0] is not away or len(B._AWAY) != 1 or len(T._AWAY_SKILLS) != 3 \
            or T._AWAY_SKILLS[1] is not None:
        differs("away", away, B._AWAY, T._AWAY_SKILLS)
    if B._is_v(c):
        t = B._rec(g, c)[B.V_TARGETS]
        if t is not before:
            seen["written"] += 1
            # the record's own list (besides this local and getrefcount's argument)
            if type(t) is not list or sys.getrefcount(t) != 3:
                differs("record's list shared", c, t, sys.getrefcount(t))
    return out


T._target_options_of = watched_options_of
T.choose_targets = watched_choose
""", "seen['answers'], seen['written']")


def test_choose_targets_stores_a_list_of_its_own():
    lines = run_pure(WATCH)
    games, answers, written = map(int, lines[0].split())
    assert games == 9, lines
    assert answers > 100 and written > 100, lines
    print(lines[0])
    assert not [x for x in lines if x.startswith("DIFFERS")], lines


BUILT = r"""
from core import prims as P
from core.agents import RandomPlayer, play
from core.prims import targets as T
import core
import generated.identity as M
print(core.compiled())
for s in (1, 2):
    g = P.new_game(M, 5, seed=s, deck="标准版加军争", log_level=0)
    play(g, RandomPlayer(s))
    print(len(T._AWAY_SKILLS), T._AWAY_SKILLS[1])
"""


def test_away_lists_as_built():
    lines = run_python(BUILT).strip().splitlines()
    assert lines[1:] == ["3 None"] * 2, lines
