"""values.KeptDict (step 205a): a thing made of a dict, kept while the same dict at the same size is
asked, the one record in_use's 目标限制 names and resolving's card status flags keep theirs in
(each had its own three globals and test). Pure: kept_value answers the kept thing for that very
dict only, None for a dict never kept, for another dict of the same size and contents, and for the
kept dict once grown; keep_value keeps what it is given (and answers it). Both rooms keep theirs in
a KeptDict of their own, the dict they were last asked of (the compiled readers are values.pxd's
inline forms: test_target_rule_names and test_card_status_flags hold their callers as built)."""
from seeded_games import run_python

SCRIPT = r"""
from core.prims import in_use as I, resolving as R, values as V
print(not V.__file__.endswith('.py'))
k = V.KeptDict()
d = {1: 2, 3: 4}
out = [V.kept_value(k, d)]
out.append(V.keep_value(k, d, "made") == "made")
out.append(V.kept_value(k, d))
out.append(V.kept_value(k, {1: 2, 3: 4}))   # equal, not the same dict
d[5] = 6
out.append(V.kept_value(k, d))              # grown
V.keep_value(k, d, "again")
out.append(V.kept_value(k, d))
del d[5]
out.append(V.kept_value(k, d))              # shrunk
rules = {(4, 0): (1,)}
I.target_rule_names(rules)
status = {7: ()}
R.has_card_status(status, 7)
out.append([type(I._TR) is V.KeptDict, I._TR.of is rules, I._TR.value == {4}])
out.append([type(R._CS) is V.KeptDict, R._CS.of is status, bytes(R._CS.value) == bytes(7) + b"\1"])
print(out)
"""

WANT = [None, True, "made", None, None, "again", None, [True, True, True], [True, True, True]]


def test_kept_dict_keeps_for_the_same_dict_at_its_size():
    lines = run_python(SCRIPT, pure=True).strip().split("\n")
    assert lines[0] == "False", lines
    assert lines[1] == repr(WANT), lines
