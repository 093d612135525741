"""Step 197 of docs/performance.md, the usability scan's room.

197a: usable._scan_begin reads its event's card in place (usable._event_card), where it called
resolving._card_of_event: the same answer for every frame (its event's slot 1 for a use, a
target's use or a play, slot 0 for a 延时锦囊's use, the scratch's last card for the pre flows,
None for any other), pure and as built."""
from seeded_games import DECISIONS, run_python

EVENT_CARD = DECISIONS + r"""
from core.prims import base as B, resolving as R, usable as U
kinds = {B.EVI_TARGET_USE: "target_use", B.EVI_USE: "use", B.EVI_PLAY: "play",
         B.EVI_DELAYED_USE: "delayed", B.EVI_PRE_USE: "pre_use", B.EVI_PRE_PLAY: "pre_play"}
asked = 0
seen = set()
bad = []
# (identity's seed 6: a play's frame holds its card at a decision)
for key, seeds in (("identity", (1, 2, 6)), ("identity_old", (1, 2))):
    for seed, n, g in decisions(key, seeds):
        t = B._T(g)
        for fr in g.stack:
            depth = 0
            while fr is not None and depth < 40:
                want = R._card_of_event(g, fr)
                asked += 1
                if want is not None:
                    seen.add(kinds.get(B._prog_evi(t, fr.prog), "other"))
                if U.event_card(g, fr) != want:
                    bad.append((key, seed, n, fr.prog, want))
                fr = fr.ev
                depth += 1
print(asked > 10000, sorted(seen), bad[:3])
"""


def test_event_card_is_resolvings_card_of_event_pure_and_as_built():
    out = {pure: run_python(EVENT_CARD, pure=pure).strip() for pure in (True, False)}
    assert out[True] == out[False] == (
        "True ['delayed', 'play', 'pre_play', 'pre_use', 'target_use', 'use'] []"), out
