"""Step 226a of docs/performance.md, the usability scan's room: _scan_from reads a method's
flags (its _ScanAt's ``delayed`` and ``own`` bytes, one a method) in place by its index, unchecked
when compiled (usable._byte_at), so usable._scan_at refuses flags whose length is not the number
of methods, pure and as built; tables of the right length (or without flags) are made as before.

What the scan answers with the flags read so (and the seats compared as C ints) is held to the
scan written out by tests/runtime/test_scan_reads.py, test_scan_frame.py and
test_scan_delayed_flags.py."""
from seeded_games import identity_game, run_python

LENGTHS = r"""
from core.prims import usable as U
methods = [(0, 0, None), (1, 0, None), (2, 0, None)]
idx = [(0,), (1,), (2,)]


def made(delayed, own):
    try:
        at = U._scan_at(methods, idx, U._masks_of(idx, 3), [(0, 0), (1, 0), (2, 0)],
                        [None] * 3, delayed, own)
    except ValueError as e:
        return "ValueError" if "flags for 3 methods" in str(e) else repr(e)
    return (at.n, at.delayed, at.own)


print(made(b"\x00\x01\x00", b"\x01\x00\x00"), made(None, None), made(b"\x00\x01", None),
      made(None, b"\x00\x00\x00\x00"), made(b"", b"\x00\x00\x00"))
"""


def test_the_scan_tables_refuse_flags_of_another_length_than_the_methods_pure_and_as_built():
    want = ("(3, b'\\x00\\x01\\x00', b'\\x01\\x00\\x00') (3, None, None) ValueError ValueError "
            "ValueError")
    for pure in (True, False):
        assert run_python(LENGTHS, pure=pure).strip() == want, pure


# 226c: usable._use_step asks its question of the use's options with the engine's D_OPTION kind
# read as a C int of the room (_D_OPTION), where the module global was looked up at each question
OPTION_KIND = r"""
from core.agents import RandomPlayer
from core.engine import D_OPTION
found = bad = 0
for seed in (1, 2):
    g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=0)
    a = RandomPlayer(seed)
    d = g.step()
    while d is not None and g.result is None and found < 40:
        if d.prompt.startswith("使用："):
            found += 1
            bad += d.kind != D_OPTION or len(d.options) < 2
        g.answer(a.choose(g, d))
        d = g.step()
print(found >= 20, bad)
"""


def test_the_use_skills_question_of_its_options_is_an_option_question_pure_and_as_built():
    for pure in (True, False):
        assert run_python(identity_game(1) + OPTION_KIND, pure=pure).strip() == "True 0", pure
