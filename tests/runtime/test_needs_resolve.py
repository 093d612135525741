"""decisions._needs_resolve, asked by moves, use, resolving and zones before an operation: whether
its arguments hold a Pick still to be chosen (then the operation is asked for through a helper
frame). A cpdef function (step 200d: compiled, those rooms call it in C, where each call looked
the name up on the module and called it through Python); the same answers, pure and as built."""
from seeded_games import run_python

DIRECT = r"""
from core.prims import base as B, decisions as D
print(not D.__file__.endswith('.py'))
pk = B.new_pick("players", (1, 2), 1, 1, -1, None, None)
cases = [(), (0,), (0, (5, 6)), (pk,), (0, pk), (0, (5,), pk, 3), ((pk,),), [pk], [0, 1],
         (None, "x", 2 ** 40)]
print([D._needs_resolve(a) for a in cases])
"""


def test_the_arguments_need_resolving_when_one_is_a_pick():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        # a Pick among the arguments themselves (not inside one of them)
        assert lines[1] == str([False, False, False, True, True, True, False, True, False,
                                False]), (pure, lines)
