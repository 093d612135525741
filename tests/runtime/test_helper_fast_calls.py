"""decisions' helper frames, step 232a: _helper pushes its frame with the event context of the
asking frame (base._event_ctx: the frame itself when it is an event's, else its ev), the tables
read once for that test and the helper's program (compiled)."""
from seeded_games import identity_game, run_python

# three seeded games as built: at each question a helper frame asks, its ev is _event_ctx of
# the frame it asks for (its y)
EV = r"""
import core
from core.agents import RandomPlayer
from core.decision import Decision
from core.prims import base
print(core.uncompiled_reason() is None)
n = bad = own = 0
for seed in (1, 2, 3):
""" + "\n".join("    " + l for l in identity_game(0).replace("seed=0", "seed=seed").split("\n")) + r"""
    a = RandomPlayer(seed)
    helper = base._T(g).helper
    while True:
        d = g.step()
        if not isinstance(d, Decision):
            break
        top = g.stack[-1]
        if top.prog == helper:
            n += 1
            want = base._event_ctx(g, top.y)
            bad += top.ev is not want
            own += want is top.y
        g.answer(a.choose(g, d))
print(n, bad, own)
"""


def test_helper_frames_event_context_as_built():
    lines = run_python(EV).strip().split("\n")
    n, bad, own = map(int, lines[1].split())
    assert bad == 0, (n, bad)
    # both kinds seen: frames of an event (ev: themselves) and others (ev: their own ev)
    assert 0 < own < n, (n, own)

