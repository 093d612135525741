"""Step 219d of docs/performance.md: targets._target_options_of reads the card name's 延时锦囊 flag
once and asks each role's legality by _legal_as (a name that is no 延时锦囊: _legal_seat inline;
a 延时锦囊: _legal, its rules of 000:81 read), where it called _legal for each role; held to its
definition, pure and as built: at every third decision of seeded random-player games of the three
rulebooks, for every living role as the user, every method of every card name with a 使用目标 and
each restriction (none, the first two seats, the user's successor alone), the options are those
made of _legal's answers. Among them: roles a restriction leaves out, and 延时锦囊 whose 000:81
rules refuse a role _legal_base passes (a trick of the name already in its 判定区)."""
from seeded_games import DECISIONS, TURN_TARGET_VALUES, run_both

OPTIONS = DECISIONS + r"""
from core.prims import targets as Targets, turns as Turns
from core.prims.base import Pick
""" + TURN_TARGET_VALUES + r"""


def want(g, user, name, v, restrict):
    legal = lambda p: Targets._legal(g, user, name, p, restrict)
    if v is None:
        return None
    if isinstance(v, Pick):
        grp = [p for p in v.group if legal(p)]
        if len(grp) < v.lo or not grp:
            return None
        return ("pick", grp, v.lo, v.hi)
    if isinstance(v, int):
        if v < 0:
            return None
        return ("all", [v]) if legal(v) else None
    grp = [p for p in v if legal(p)]
    return ("all", grp) if grp else None


rows, held, left_out, judged, bad = 0, 0, 0, 0, []
runs = (("identity", (1, 2, 3)), ("identity_old", (1, 2)), ("zhanqi", (1,)))
for key, seed, n, g, p, name, mi, v in turn_target_values(runs, 3):
    for restrict in (None, (0, 1), ((p + 1) % g.n,)):
        w = want(g, p, name, v, restrict)
        got = Targets._target_options_of(g, p, name, v, restrict)
        rows += 1
        held += w is not None
        if restrict is not None and w != want(g, p, name, v, None):
            left_out += 1
        if restrict is None and v is not None and Targets._is_delayed(g, name):
            roles = list(v.group) if isinstance(v, Pick) else \
                ([v] if v >= 0 else []) if isinstance(v, int) else list(v)
            judged += [q for q in roles if Targets._legal(g, p, name, q, None)] != \
                [q for q in roles if Targets._legal_base(g, p, name, q, None)]
        if got != w:
            bad.append((key, seed, n, p, name, mi, restrict, got, w))
print(rows > 20000, held > 2000, left_out > 1000, judged > 0, bad[:3])
"""


def test_target_options_ask_legality_as_legal_does_pure_and_as_built():
    assert run_both(OPTIONS) == "True True True True []"
