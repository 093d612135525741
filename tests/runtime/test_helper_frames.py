"""A decision's helper frame (core/prims/decisions._helper), made and pushed inline when compiled
(spares.pxd's pushed_frame): at every decision of seeded games of the three rulebooks, pure and
as built, each helper frame on the stack has its parent's owner and event, the parent as its y,
and a list of slots."""
from seeded_games import DECISIONS, run_python

SCRIPT = DECISIONS + r"""
from core.prims.base import _T, _event_ctx

seen = 0
bad = []
for key, seeds in (("identity", range(1, 6)), ("identity_old", range(1, 3)), ("zhanqi", range(1, 3))):
    for seed, n, g in decisions(key, seeds):
        helper = _T(g).helper
        for h in g.stack:
            if h.prog != helper:
                continue
            seen += 1
            p = h.y
            if not (any(p is x for x in g.stack) and h.owner == p.owner
                    and h.ev is _event_ctx(g, p) and type(h.slots) is list and h.a is not None):
                bad.append((key, seed, n, h.a, h.owner, p.owner))
print(games, seen > 500)
for x in bad[:5]:
    print("DIFFERS", *x)
"""


def test_helper_frames_carry_their_parents_owner_and_event_pure_and_as_built():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().splitlines()
        assert lines[0] == "9 True", (pure, lines[:6])
        assert not lines[1:], (pure, "\n".join(lines[1:]))
