"""The flows use pushes with two arguments passed as they are (flow's _push_args, step 198: no
(who, name) tuple made for the slots): a need flow (需要使用牌/需要打出牌, use._push_need) and a
pre-use or pre-play flow (预使用/预打出, use._start_card). Each such frame has the role and the
card's name in its first two slots and nothing else, its program's slot count, the role as its
owner. Pure (the push is wrapped), over seeded games of the current edition."""
from seeded_games import DECISIONS, run_python

SCRIPT = DECISIONS + r"""
import cython
from core.prims import base as B, flow as Flow
assert not cython.compiled
seen = {}
bad = []
push = Flow._push_args
def watch(g, f, cid, k, a, b, c, d, owner, ev):
    fr = push(g, f, cid, k, a, b, c, d, owner, ev)
    ev_names = B._T(g).events
    for name in ("需要使用牌", "需要打出牌", "预使用", "预打出"):
        if cid == ev_names.get(name):
            seen[name] = seen.get(name, 0) + 1
            s = fr.slots
            if s[:2] != [a, b] or any(x is not None for x in s[2:]) or fr.owner != a \
                    or len(s) != g.rs.prog_nslots[cid] or (f is not None and f.child is not fr):
                bad.append((name, list(s), a, b, fr.owner))
    return fr
Flow._push_args = watch
for seed, n, g in decisions("identity", range(1, 5), 50):
    pass
print(games, sorted(seen.items()), bad[:3])
"""


def test_need_and_pre_flows_get_their_role_and_name():
    out = run_python(SCRIPT, pure=True).strip()
    games, rest = out.split(" ", 1)
    seen, bad = rest.rsplit("] ", 1)
    assert int(games) == 4 and bad == "[]", out
    kinds = dict(eval(seen + "]"))
    assert kinds.get("需要打出牌", 0) > 0 and kinds.get("需要使用牌", 0) > 0, out
    assert kinds.get("预使用", 0) + kinds.get("预打出", 0) > 0, out
