"""use._ctx, the context of a use or need flow (step 109b): it tests the frame it is given for
one of the four flows itself and calls _flow only to walk the stack. Held at every third
decision of three seeded games to its definition written out here — the flow is the frame
itself when it runs one of the flows, else the innermost such frame on the stack, else there
is none; the context is that frame's (its field y, decision 0133), made once and answered again;
a pre flow run by a need flow shares the need flow's — for every frame on the stack of a clone
(a context made by the test stays out of the game), pure and as built."""
from seeded_games import DECISIONS, run_python

SCRIPT = DECISIONS + r"""
from core.prims import base as B, use as Use

PRE = (1 << B.EVI_PRE_USE) | (1 << B.EVI_PRE_PLAY)
NEEDS = (1 << B.EVI_NEED_USE) | (1 << B.EVI_NEED_PLAY)
FLOWS = PRE | NEEDS


def flow_of(g, f):
    t = B._T(g)
    if B._prog_evi_in(t, f.prog, FLOWS):
        return f
    for fr in reversed(g.stack):
        if B._prog_evi_in(t, fr.prog, FLOWS):
            return fr
    return None


bad, asks, found, own, shared = [], 0, 0, 0, 0
for seed, n, g in decisions("identity", range(1, 4), 3):
    gc = g.clone()
    for f in list(gc.stack):
        fr = flow_of(gc, f)
        got = Use._ctx(gc, f)
        asks += 1
        if fr is None:
            if got is not None:
                bad.append((seed, n, "none", got))
            continue
        found += 1
        own += fr is f
        if type(got) is not list or got is not fr.y or Use._ctx(gc, f) is not got:
            bad.append((seed, n, "ctx", got))
        up = fr.ev
        t = B._T(gc)
        if B._prog_evi_in(t, fr.prog, PRE) and up is not None and B._prog_evi_in(t, up.prog, NEEDS):
            shared += 1
            if got is not up.y:
                bad.append((seed, n, "shared", got))
print(games, asks, found, own, shared)
for b in bad[:5]:
    print(b)
"""


def _check(pure):
    lines = run_python(SCRIPT, pure=pure).strip().splitlines()
    games, asks, found, own, shared = map(int, lines[0].split())
    assert games == 3
    assert not lines[1:], "\n".join(lines[1:])
    # frames that are flows, frames below or above one, and the pre flows of a need flow
    assert asks > found > own > 0 and shared > 0 and asks > found + 100, (asks, found, own, shared)


def test_use_ctx_is_its_definition_pure():
    _check(True)


def test_use_ctx_is_its_definition_as_built():
    _check(False)
