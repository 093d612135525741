"""status._query_held (the status query when some rule that may answer is held) held to its
definition, pure and as built (the pure watch of every query in test_usability_shortcuts.py does
not run the compiled fast paths).

* at every third decision of seeded games of the three rulebooks, the distance between every
  two seats (the dead too) and every role's hand limit are what the query over every living
  role and every held rule, written out here, answers; the entry status._held_owners keeps for
  each kind asked says of each held rule whether it is a 主公技 and whether _distance_answer
  answers it (a distance rule of one operation), as computed afresh;
* 〖血裔〗 (a 主公技 raising the hand limit) granted to each role in turn answers for the lord
  only;
* a distance with one end not a seat's int (True and 1.0, compared by ==; ints of more digits,
  negative) answers as the query over every role: _owner_bits reads an int's digit
  in C (step 275a), an int of more digits by Python, and leaves a value compared by == to the
  owner test of each rule.

As built, status's C holds the step's reads: _owner_bits calls _arg_bit for each index, without n
boxed or a generic iteration of the union (steps 275a, 275c), and _query_held passes the entry's
tuples to _held_answer borrowed, no local of its own holding them (275b)."""
import re

from seeded_games import DECISIONS, room_c, run_both

QUERY = DECISIONS + r"""
from core.prims import base as B, status as Status


def reference(g, kind, a, b=None, c=None):
    # the status query over every living role and every held rule (no seat skipped)
    t = B._T(g)
    q = [kind, a, b, c, 0]
    owner_at = t.status_owner_at.get(kind)
    for p in range(g.n):
        pl = g.players[p]
        if not pl.alive:
            continue
        for sid in t.status_by_query[kind]:
            if not g.has_skill(p, sid) or (pl.role != B.ROLE_LORD and sid in t.lord_skills):
                continue
            at = owner_at.get(sid) if owner_at is not None else None
            if at is not None and not any(q[i] == p for i in at):
                continue
            Status._run_status(g, sid, p, q)
    s = B._state(g)
    if s is not None and s[B.S_LASTING]:
        Status._run_lasting(g, q, s[B.S_LASTING])
    return q[4]


def entry_ok(g, kind):
    # the kept entry's flags by held rule: a 主公技; a distance rule _distance_answer answers
    t = B._T(g)
    ent = t.held_owners[kind]
    if ent is None:
        return True
    held = ent[0]
    lords = tuple([sid in t.lord_skills for sid in held])
    dist = tuple([kind == B.Q_DIST and Status._is_distance_rule(t.status_direct.get(sid))
                  for sid in held])
    return ent[2] == lords and ent[5] == dist


ODD = (1 << 30, 1 << 40, -2)   # … and ints no seat is (past a long: _in_group_of raises, built)
queries = answered = lords = 0
bad = []
for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        for a in range(-1, g.n):
            asks = [(B.Q_DIST, a, b) for b in range(-1, g.n)] + [(B.Q_HANDLIMIT, a, None)]
            if a >= 0:   # ends that are not a seat's int: seat a as a float (True: seat 1), …
                ends = [float(a)] + [True] * (a == 1) + list(ODD)
                asks += [(B.Q_DIST, x, b) for x in ends for b in range(g.n)]
                asks += [(B.Q_DIST, b, x) for x in ends for b in range(g.n)]
            for kind, x, y in asks:
                got = Status._query(g, kind, x, y)
                want = reference(g, kind, x, y)
                queries += 1
                answered += want != 0
                if got != want or not entry_ok(g, kind):
                    bad.append((key, seed, n, kind, x, y, got, want))
        if key == "identity" and n % 30 == 0:
            # 〖血裔〗 at each role in turn: its hand limit raised only while it is the lord
            sid = g.rs.ids[("skill", "血裔")]
            for p in range(g.n):
                had = g.has_skill(p, sid)
                if not had:
                    g.grant_skill(p, sid)
                got, want = Status._query(g, B.Q_HANDLIMIT, p), reference(g, B.Q_HANDLIMIT, p)
                lords += want != 0
                if got != want or not entry_ok(g, B.Q_HANDLIMIT):
                    bad.append(("血裔", seed, n, p, got, want))
                if not had:
                    g.revoke_skill(p, sid)
print(games, queries > 20000, answered > 1000, lords > 0, bad[:3])
"""


def test_the_held_rules_are_read_as_their_definition_pure_and_as_built():
    assert run_both(QUERY) == "4 True True True []"


def _body(c: str, name: str) -> str:
    """The C definition of status's function ``name``."""
    head = re.search(r"\n\S[^\n;]*__pyx_f_4core_5prims_6status_%s\([^;{]*\) \{\n" % name, c)
    return c[head.end():].split("\n}\n", 1)[0]


def test_the_owner_bits_read_in_c_and_the_entry_borrowed_as_built():
    c = room_c("status")
    bits = _body(c, "_owner_bits")
    assert "__pyx_f_4core_5prims_6status__arg_bit(" in bits
    assert "__Pyx_PyLong_From_int(__pyx_v_n)" not in bits and "PyObject_GetIter" not in bits
    held = _body(c, "_query_held")
    assert "__pyx_f_4core_5prims_6status__held_answer(" in held
    assert "__pyx_v_ats" not in held and "__pyx_v_direct" not in held
