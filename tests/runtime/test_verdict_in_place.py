"""core/prims/verdict.pxd (step 114): compiled, the rooms that give most verdicts (moves,
resolving, use, decisions, zones) write an operation's executed flags in place (`_done_fast`,
`_set_exec_fast`) where each called base._done / base._set_exec across modules. Held to base's
functions, the one definition: from every start of a frame's flags (the two verdict bits set or
not, other bits beside them), a verdict True or False leaves the flags base's function leaves,
and a frame of None raises as base's function raises — pure and as built."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(3, log_level=1) + r"""
import core.engine as E
import core.prims.base as B
from core.prims import decisions as D, moves as M, resolving as R
print(not R.__file__.endswith('.py'))   # compiled: the extension module
NOT, CHILD = B.F_NOTEXEC, B.F_CHILDEXEC
starts = [0, NOT, CHILD, NOT | CHILD, 1 | 4096, 1 | 4096 | NOT | CHILD, 2 | CHILD]
card = g.top_cards(1)[0]   # a physical card: remove_target's verdict False, at once


def frame(flags):
    f = E.Frame(0, 0)
    f.flags = flags
    return f


def want(flags, ok):
    f = frame(flags)
    B._done(f, ok)
    return f.flags


bad = []
n = 0
for s in starts:
    # resolving: _done(f, True) (no card to sort), _done(f, False) (no virtual card)
    for ok, call in ((True, lambda f: R.sort_targets(g, f, True, None)),
                     (False, lambda f: R.remove_target(g, f, True, 0, card)),
                     # moves: _done(f, False) (no move around the frame)
                     (False, lambda f: M.set_move_destination(g, f, True, 0, card, (1, -1)))):
        f = frame(s)
        r = call(f)
        n += 1
        if r != 0 or f.flags != want(s, ok):
            bad.append(("done", s, ok, r, f.flags, want(s, ok)))
    # decisions: _set_exec(parent, ok), ok from the helper frame's NOTEXEC bit
    for hflags in (0, NOT):
        h, parent = frame(hflags), frame(s)
        D._copy_verdict(g, h, parent)
        n += 1
        if parent.flags != want(s, not hflags):
            bad.append(("set_exec", s, hflags, parent.flags, want(s, not hflags)))
for call in (lambda: R.sort_targets(g, None, True, None), lambda: R.remove_target(g, None, True, 0, card)):
    try:
        call()
        bad.append("no error for a frame of None")
    except AttributeError:
        n += 1
print(n)
print(bad)
"""


def test_a_verdict_written_in_place_is_bases():
    """Every start of the flags, both verdicts, through the rooms' own calls: base's flags; a
    frame of None raises AttributeError (pure and as built)."""
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure)
        assert lines[1] == "37", lines
        assert lines[2] == "[]", lines
