"""A status rule whose program is one operation (the compiler passes it with its arguments'
readings, emit.direct_ops) answers a query through Status._run_direct, without a frame
(docs/decisions/0041), or, a distance rule asked while the query has no list yet, through
Status._distance_answer, without the query's list (step 48 of docs/performance.md). Its answer
must be the program's: at every such run of seeded random-player games of the three rulebooks
the same query is answered by the program in a frame (the general path) and compared; once a
game, every rule of one operation is also asked queries of every kind about every role and
name it reads, which the games do not all ask. On the pure engine, where the runtime's
functions can be watched."""
import generated.identity as M
from core import prims as P
from core.prims import base as B, status as Status
from seeded_games import LIMITS_AS_QUERIES, run_pure, watch

OPS = Status.DIRECT_OPS   # operation -> its code (Status.A_*, C ints when compiled)

WATCH = watch(r"""
from core.prims import base as B, status as Status
# seen: direct runs by operation code (both paths); queries of the sweeps; the distance
# rules' runs without a list, and those whose answer was not 0
run_direct = Status._run_direct
distance_answer, query_held = Status._distance_answer, Status._query_held
swept = set()
asking = [None]   # the game whose query _query_held or _distance answers (_distance_answer is not given it)


def by_frame(g, rule, owner, q):
    want = list(q)
    Status._run_query_program(g, rule[5], owner, want, -1, None)
    return want


def compare(g, rule, owner, q, what):
    want = by_frame(g, rule, owner, q)
    run_direct(g, rule, owner, q)
    if q != want and len(bad) < 5:
        bad.append((what, g.rs.prog_names[rule[5]], owner, q, want))


def compare_distance(g, rule, owner, qa, qb, what):
    # _distance_answer's sum against the program's answer to [Q_DIST, qa, qb, None, 0] in a frame
    got = distance_answer(rule, owner, qa, qb)
    want = by_frame(g, rule, owner, [B.Q_DIST, qa, qb, None, 0])[4]
    if (type(got) is not int or got != want) and len(bad) < 5:
        bad.append((what, g.rs.prog_names[rule[5]], owner, qa, qb, got, want))
    return got


def sweep(g):
    # every rule of one operation of the ruleset, every query kind, the roles and the names
    # its rules read as arguments
    t = B._T(g)
    rules = list(t.status_direct.values()) + [r[3] for rs in t.card_status.values() for r in rs if r[3]]
    names = sorted({a for r in rules for a in r[2:5] if type(a) is int and a >= 0})
    vals = list(range(g.n)) + names[:6] + [-1]
    ops = {code: op for op, code in Status.DIRECT_OPS.items()}
    for rule in rules:
        # the kinds its operation answers, and one it does not
        kinds = [k for k, answers in Status.QUERY_ANSWERS.items() if ops[rule[0]] in answers]
        for kind in kinds + [B.Q_TLIMIT]:
            for a in vals:
                for b in vals:
                    for c in (None, 0):
                        for owner in range(g.n):
                            compare(g, rule, owner, [kind, a, b, c, 0], "sweep")
                            seen["swept"] += 1
        if Status._is_distance_rule(rule):
            for a in vals:
                for b in vals:
                    for owner in range(g.n):
                        compare_distance(g, rule, owner, a, b, "sweep distance")
                        seen["swept"] += 1


def watched(g, rule, owner, q):
    seen[rule[0]] += 1
    compare(g, rule, owner, q, "game")
    if id(g.rs) not in swept and g.turn_no >= 6:
        swept.add(id(g.rs))
        sweep(g)


def asking_for(path):
    # a path given the game whose query it answers — status._query_held, status._distance (step
    # 88a: calls _distance_answer itself, not through _query_held) and status._distance_of (step
    # 103b: _DistanceModifier.value's path for C-int seats) — watched with that game on `asking`
    # while it runs, for the rules' answers below (_distance_answer is not given the game)
    def path_watched(g, *args):
        asking.append(g)
        try:
            return path(g, *args)
        finally:
            asking.pop()
    return path_watched


def distance_watched(rule, owner, qa, qb):
    seen[rule[0]] += 1
    seen["distance"] += 1
    got = compare_distance(asking[-1], rule, owner, qa, qb, "game distance")
    seen["distance answered"] += got != 0
    return got


def using_watched(g, rule, owner, qb, ans):
    # status._using_held's rule of 〔a〕 using 〔b〕 (step 89b), answered in place without the
    # query's list: against the program's answer to [kind, owner, qb, None, ans] in a frame
    seen[rule[0]] += 1
    kind = Status._USING[rule[0] - OPS["no_use_limit_in_play_phase"]]
    got = using_answer(g, rule, owner, qb, ans)
    want = by_frame(g, rule, owner, [kind, owner, qb, None, ans])[4]
    if got != want and len(bad) < 5:
        bad.append(("using", g.rs.prog_names[rule[5]], owner, qb, ans, got, want))
    return got


OPS = Status.DIRECT_OPS
using_answer = Status._using_answer
Status._distance_of = asking_for(Status._distance_of)
Status._using_answer = using_watched
Status._run_direct = watched
Status._query_held = asking_for(query_held)
Status._distance = asking_for(Status._distance)
Status._distance_answer = distance_watched
# the scan's 【杀】 readings read every living role's distance, as before step 86a (they stop at
# the first legal target: test_first_target.py), so that the distance rules run as often
from core.prims import roles as Roles
Roles.in_attack_range_one = lambda g, f, who, group: Roles.in_attack_range(g, f, who, group)
# the use limits through _run_direct (their direct forms, status._limit_rules, are held to it by
# test_limit_direct)
""" + LIMITS_AS_QUERIES, 'seen["swept"], seen["distance"], seen["distance answered"], '
   '*[seen[code] for code in range(len(Status.DIRECT_OPS))]')


def test_a_rule_of_one_operation_answers_as_its_program():
    lines = run_pure(WATCH)
    games, swept, distance, answered, *runs = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    # the games ran the use limits, the distances, 无次数限制, 无距离限制 without a frame;
    # the sweeps asked every rule of one operation of the three rulebooks
    assert runs[OPS['use_limit_in_play_phase']] > 500 and runs[OPS['use_limit_per_turn']] > 50
    # (fewer since step 140: a distance read again while what it reads stays is kept, not asked;
    # and since step 238a: a death forgets only the kept distances it may change, 34 here)
    assert runs[OPS['distance_plus']] > 25 and runs[OPS['distance_minus']] > 60
    assert runs[OPS['no_use_limit_in_play_phase']] > 0 and runs[OPS['no_distance_limit']] > 0
    assert swept > 50000
    # the distances' rules (the horses, 〖马术〗) ran without the query's list, some answering
    # (145 and 145 since step 140: kept distances; 98 since step 238a, which forgets fewer)
    assert distance > 80 and answered > 80


def test_the_ruleset_holds_the_rules_of_one_operation():
    """From the generated registration (the rules' IR), not from the names."""
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    rs, t = g.rs, P._T(g)
    direct = {rs.skills[sid].name: rule for sid, rule in t.status_direct.items()}
    sha = rs.id_of("card", "杀")
    assert direct["马术"][:5] == (OPS['distance_minus'], 1, None, B.OTHER, 1)   # 你 first
    assert direct["的卢"][:5] == (OPS['distance_plus'], 2, B.OTHER, None, 1)
    assert direct["咆哮"][:5] == (OPS['no_use_limit_in_play_phase'], 1, None, sha, None)
    assert "无双" not in direct and "方天画戟" not in direct   # two operations; a condition
    rules = {rs.card_names[n]: [r[3] for r in rules] for n, rules in t.card_status.items()}
    assert rules["杀"][0][:5] == (OPS['use_limit_in_play_phase'], 1, None, sha, 1)
    assert rules["杀"][0][5] == rs.id_of("prog", "卡牌 【杀】额外说明1")
    assert rules["火杀"] == [None]   # 此牌是一种【杀】 reads 此牌: its frame


def test_an_operation_without_an_answer_keeps_its_frame():
    assert Status.direct_rule("kill_score_plus", (Status.OWNER_READING, 1), 7) is None
    assert Status.direct_rule("hand_limit_plus", (Status.OWNER_READING, 1), 7) == \
        (OPS['hand_limit_plus'], 1, None, 1, None, 7)
