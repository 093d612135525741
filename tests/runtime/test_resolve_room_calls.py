"""Step 251 (issue 15): the card-resolving rooms' C calls play the games the pure rooms play.

targets.choose_targets tells its options' ("all", roles) from ("pick", group, lo, hi) by their
size, resolving._settlement_of (counter's walk for the current target's settlement) and
use._start_card (a use or play started in a need flow or by its pre flow) are C functions with
typed walks, use._began tests a card's handle among the live ones by its value (_has_handle), and
targets._set_targets keeps the chosen targets as a tuple, the one target_list answers.
Seeded games of the current edition at log level 2 (every push, question and answer) are the same
pure and as built, and they hold the cases: target picks (选择目标) and counters (抵消) asked, pre
flows started (预使用)."""
from seeded_games import VCARD_HEAD, identity_game, run_both, run_pure, run_python, watch

SCRIPT = identity_game(1, log_level=2, start=False) + r"""
import hashlib
from core.agents import RandomPlayer, play
for seed in (1, 2, 3):
    g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=2)
    play(g, RandomPlayer(seed))
    t = g.log_text()
    print(seed, hashlib.sha1(t.encode()).hexdigest(), t.count('"prompt":"选择目标"'),
          t.count("抵消"), t.count("预使用"), repr(g.result))
"""


def test_games_the_same_pure_and_built_with_picks_counters_and_pre_flows():
    rows = [line.split() for line in run_both(SCRIPT).splitlines()]
    assert len(rows) == 3
    assert sum(int(r[2]) for r in rows) > 0   # targets picked (choose_targets' "pick")
    assert sum(int(r[3]) for r in rows) > 0   # counters (counter's _settlement_of)
    assert sum(int(r[4]) for r in rows) > 0   # pre flows (_start_card's push)


# a pick's continuation: the chosen targets (an agent's list) kept as a tuple of the record's own,
# which target_list answers as it is; a later writer makes a list of its own (decision 0131)
PICKED = VCARD_HEAD + r"""
from core.prims import targets as T
v = C._new_vcard(g, g.card_name(1), (1,))
chosen = [2, 0]
T._set_targets(g, f, True, chosen, v)
t = B._rec(g, v)[B.V_TARGETS]
print(type(t).__name__, t, R.target_list(g, f, v) is t, t is not chosen)
R.remove_target(g, f, True, 2, v)
print(type(B._rec(g, v)[B.V_TARGETS]).__name__, R.target_list(g, f, v), t, chosen)
"""


def test_set_targets_keeps_the_chosen_targets_as_the_tuple_target_list_answers():
    for pure in (True, False):   # the first line: whether resolving is built
        lines = run_python(PICKED, pure=pure).splitlines()
        assert lines[1:] == ["tuple (2, 0) True True", "list (0,) (2, 0) [2, 0]"], (pure, lines)


# a use's or play's start (use._began): each card's handle added to the live ones once, a card
# begun again (already live) not added twice
BEGAN = VCARD_HEAD + r"""
from core.prims import use as U
v = C._new_vcard(g, g.card_name(1), (1,))
w = C._new_vcard(g, g.card_name(2), (2,))
U._began(g, 0, v, True)
U._began(g, 1, w, False)
U._began(g, 0, v, True)
print(list(B._st(g)[B.S_LIVE]) == [v, w], B._rec(g, v)[B.V_USER], B._rec(g, w)[B.V_USER])
"""


def test_began_adds_a_live_handle_once():
    for pure in (True, False):
        lines = run_python(BEGAN, pure=pure).splitlines()
        assert lines[1:] == ["True 0 1"], (pure, lines)


# each start of a use or play inside its need flow (use._start_card) records the skill that started
# it as the definition says (当…使用, 000:197): the id of the innermost skill frame above the need
# flow's frame on the stack, or none; held over the nine seeded games on the pure engine (the
# compiled engine plays the same games: the fingerprint)
STARTS = watch(r"""
from core.prims import base as B, use as Use

start = Use._start_card


def skill_above(g, need):
    for fr in reversed(g.stack):
        if fr is need:
            return None
        if fr.skill >= 0 and B._prog_kind(B._T(g), fr.prog) == B._PK_SKILL:
            return fr.id
    return None


def watched_start(g, f, who, card, use, restrict=None):
    evs = 1 << (B.EVI_NEED_USE if use else B.EVI_NEED_PLAY)
    need = Use._flow(g, f, evs)
    ctx = need.y if need is not None else None
    was = list(ctx) if ctx is not None else None
    want = skill_above(g, need) if need is not None else None
    out = start(g, f, who, card, use, restrict)
    if ctx is not None and not was[Use.C_STARTED] and ctx[Use.C_STARTED]:
        seen["started"] += 1
        seen["by skill"] += want is not None
        if ctx[Use.C_SKILL] != want:
            differs("skill", ctx[Use.C_SKILL], want)
    return out


Use._start_card = watched_start
""", "seen['started'], seen['by skill']")


def test_start_card_records_the_skill_that_started_a_need():
    lines = run_pure(STARTS)
    games, started, by_skill = map(int, lines[0].split())
    assert games == 9 and not lines[1:], lines
    assert started > 0 and by_skill > 0
