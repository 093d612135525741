"""Step 197 of docs/performance.md, the usability scan's room.

197a: usable._scan_begin reads its event's card in place, by resolving's rule (since decision
0202 one text, core/prims/cardofevent.pxi, which resolving.pxd and usable.pxd both include;
uncompiled, resolving's def of it): the same answer, pure and as built, for every frame of
seeded games (its event's slot 1 for a use, a target's use or a play, slot 0 for a 延时锦囊's
use, the scratch's last card for the pre flows, None for any other)."""
from seeded_games import DECISIONS, run_both

EVENT_CARD = DECISIONS + r"""
import hashlib
from core.prims import base as B, resolving as R
kinds = {B.EVI_TARGET_USE: "target_use", B.EVI_USE: "use", B.EVI_PLAY: "play",
         B.EVI_DELAYED_USE: "delayed", B.EVI_PRE_USE: "pre_use", B.EVI_PRE_PLAY: "pre_play"}
asked = 0
seen = set()
answers = []
# (identity's seed 6: a play's frame holds its card at a decision)
for key, seeds in (("identity", (1, 2, 6)), ("identity_old", (1, 2))):
    for seed, n, g in decisions(key, seeds):
        t = B._T(g)
        for fr in g.stack:
            depth = 0
            while fr is not None and depth < 40:
                got = R._card_of_event(g, fr)
                asked += 1
                if got is not None:
                    seen.add(kinds.get(B._prog_evi(t, fr.prog), "other"))
                answers.append((key, seed, n, fr.prog, repr(got)))
                fr = fr.ev
                depth += 1
print(asked > 10000, sorted(seen), hashlib.sha256(repr(answers).encode()).hexdigest())
"""


def test_card_of_event_is_the_same_rule_pure_and_as_built():
    out = run_both(EVENT_CARD)
    assert out.startswith(
        "True ['delayed', 'play', 'pre_play', 'pre_use', 'target_use', 'use'] "), out


# 197c: targets._legal_seat reads the seat's Player borrowed (compiled): a dead seat is no legal
# target, each seat's own life read (seat 0 dead, then seat 3)
LEGAL = r"""
from core import prims as P
import generated.identity as M
from core.prims import targets as Targets
g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
nid = g.rs.id_of("card", "决斗")
out = []
for dead in (0, 3):
    g.players[dead].alive = False
    out.append("".join("1" if Targets._legal_base(g, 1, nid, q, None) else "0" for q in range(5)))
    g.players[dead].alive = True
print(out)
"""


def test_a_dead_seat_is_no_legal_target_pure_and_as_built():
    assert run_both(LEGAL) == "['01111', '11101']"


# 197e: core.held reads its int arrays in place (_int_at, the engine's _ai): the held lists
# (Game.held) and the seats' bits (Game.held_seats) kept during seeded games are their
# definitions (holders, and each seat's has, alive and the skills' dead_ok)
HELD = DECISIONS + r"""
lists = seats = 0
bad = []
for seed, n, g in decisions("identity", (1, 2), 3):
    rs = g.rs
    hl = g.held or []
    for t, held in enumerate(hl):
        if held is None:
            continue
        want = [sk for sk in rs.by_timing[t] if g.holders[sk.id] > 0
                and (sk.needs < 0 or g.holders[sk.needs] > 0)]
        lists += 1
        if held != want:
            bad.append(("held", seed, n, t))
    hs = g.held_seats
    for t in range(len(rs.timing_names) if hs is not None else 0):
        if hs[t] < 0 or hl[t] is None:
            continue
        want = 0
        for p in range(g.n):
            pl = g.players[p]
            if any(pl.has[sk.id] > 0 and (pl.alive or sk.dead_ok) for sk in hl[t]):
                want |= 1 << p
        seats += 1
        if hs[t] != want:
            bad.append(("seats", seed, n, t, hs[t], want))
print(lists > 1000, seats > 1000, bad[:3])
"""


def test_held_lists_and_seats_are_their_definitions_pure_and_as_built():
    assert run_both(HELD) == "True True []"


# 197d: usable._use_cond runs without None tests (nonecheck off): its game is tested by
# _scan_begin before it is read, so a call without one raises (no crash), as built
def test_use_cond_without_a_game_raises():
    import pytest
    from core.prims import usable as U
    with pytest.raises(TypeError):
        U._use_cond(None, 0, None, 0)
