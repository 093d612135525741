"""base.subject_matches (step 114): a seat asked of a timing whose subject is a seat is compared
as C ints (compiled), the subject read in place (timing_subject's read); anything else goes on to
_matches as before. Held to its definition written out here (the subject: the event's, else the
frame's own; none or negative matches anyone; else _matches' rule) for every subject and every
kind of `who` — seats, NONE, ANY, OTHER, a negative int of no meaning, a bool, a Pick, a tuple,
a list, None — and two owners, pure and as built."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(3, log_level=1) + r"""
import core.engine as E
import core.prims.base as B
print(not B.__file__.endswith('.py'))   # compiled: the extension module


def definition(f, who):
    ev = f.ev if f.ev is not None else f
    subj = ev.subject
    if subj is None or (isinstance(subj, int) and subj < 0):
        return True
    if isinstance(who, int):
        if who >= 0:
            return subj == who
        if who == B.ANY:
            return True
        if who == B.OTHER:
            return subj >= 0 and subj != f.owner
        return False
    if isinstance(who, B.Pick):
        return subj in who.group
    if isinstance(who, (tuple, list)):
        return subj in who
    return False


whos = [0, 1, 2, 3, 4, B.NONE, B.ANY, B.OTHER, -7, True, False, B.Pick("players", (1, 2)),
        (0, 3), [2, 4], (), None]
bad, n, true = [], 0, 0
for subj in (None, -1, 0, 1, 2, 4):
    for own_event in (True, False):
        for owner in (0, 1):
            ev = E.Frame(0, 0)
            ev.subject = subj
            if own_event:    # an event frame: its own subject
                f = ev
                f.owner = owner
            else:            # a probe: its event's
                f = B._frame0(owner, ev)
            for who in whos:
                got, want = B.subject_matches(g, f, who), definition(f, who)
                n += 1
                true += bool(want)
                if bool(got) != want or type(got) is not bool:
                    bad.append((subj, own_event, owner, who, got, want))
print(n, true)
print(bad[:5])
"""


def test_subject_matches_is_its_definition():
    """384 asks (six subjects, an event frame or a probe, two owners, sixteen `who`): each the
    definition's answer (a bool), pure and as built."""
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure)
        n, true = map(int, lines[1].split())
        assert n == 384 and 0 < true < n, lines
        assert lines[2] == "[]", lines
