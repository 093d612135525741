"""Step 92 of docs/performance.md: the usability scan's and the agents' shortcuts held to their
definitions, pure and as built.

* usable._scan_done / _scan_take: a finished scan state is kept for the next set-up and taken
  again with no mark (all M_SKIP) and its new length; a longer timing than the object holds
  gets a new state; at every third decision of seeded games, after the game's own scans finished
  theirs, every set-up answers the marks its definition answers (test_scan_state's check, here
  after scans of every timing of a game);
* usable._convert_skills is made once per rulebook: games of the same rulebook share it, a game
  of another rulebook gets its own, each equal to its definition written out;
* targets._legal_base is _legal without the 延时锦囊 rules, and _legal is _legal_base and those
  rules, for every role (and no role) and every card name, at every third decision;
* decision._comb in C ints (n <= 60) answers math.comb; an answer with a card twice is refused
  (normalize's pairwise test, and the set past 16 items); new_decision copies its options."""
from seeded_games import DECISIONS, run_both

SCAN = DECISIONS + r"""
from core.prims import base as B, usable as U
bad = []
# a finished state (marked or not) is the next one taken, with no mark and its new length
seen = 0
for seed, n, g in decisions("identity", (1,), 3):
    t = B._T(g)
    for tid in sorted(t.use_methods):
        for p in range(g.n):
            sc = U._scan_begin(g, p, None, tid)
            if sc is None or not any(sc.marks()):
                continue
            seen += 1
            U._scan_done(sc)
            for m in (sc.n, 1, 41, 64):
                got = U._scan_take(m)
                if got is not sc or got.n != m or got.marks() != bytes(m):
                    bad.append(("taken", m, got is sc, got.n, got.marks()))
                U._scan_done(got)
            big = U._scan_take(65)
            if big is sc or big.marks() != bytes(65):
                bad.append(("big", big is sc))
            U._scan_done(sc)
    if seen > 200:
        break
print(seen > 200, bad[:3])
"""


def test_a_finished_scan_state_is_taken_again_with_no_marks_pure_and_as_built():
    assert run_both(SCAN) == "True []"


MARKS = DECISIONS + r"""
from core.prims import base as B, usable as U
SKIP, HAND, CONVERT = 0, 1, 2
bad = []
setups = 0
for key, seeds in (("identity", (1, 2)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        t = B._T(g)
        # the game's own scans (its last step's) finished theirs; each set-up below takes the
        # state the previous one finished (the marks it set zeroed)
        for tid in sorted(t.use_methods):
            for p in range(g.n):
                methods = t.use_methods.get(tid)
                sc = U._scan_begin(g, p, None, tid)
                if not methods or not g.players[p].alive or tid == t.idle:
                    if sc is not None:
                        bad.append(("none", key, seed, n, tid, p))
                    continue
                conv = [e for e in U._convert_skills(g) if g.has_skill(p, e[1].id)]
                hand = {g.card_name(c) for c in g.zone_cards(E.Z_HAND, p)}
                sets = [t.skill_names.get(e[1].id) for e in conv]
                want = [HAND if name in hand else CONVERT if any(s is None or name in s for s in sets)
                        else SKIP for name, mi, cond in methods]
                got = list(sc.marks()) if sc is not None else [SKIP] * len(methods)
                if got != want:
                    bad.append((key, seed, n, tid, p, got, want))
                if sc is not None:
                    setups += 1
                    U._scan_done(sc)
print(games, setups > 1000, bad[:3])
"""


def test_every_set_up_after_a_finished_scan_has_its_marks_pure_and_as_built():
    assert run_both(MARKS) == "3 True []"


CONVERT = r"""
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.prims import base as B, usable as U
bad = []
got = {}
last = None
shared = 0
# kept for the last rulebook's lists: the next game of the same rulebook shares it, a game of
# another gets its own (made again when the first comes back)
for key in ("identity", "identity", "zhanqi", "zhanqi", "identity_old", "identity"):
    M, P = S.load_engine(key)
    rb = by_key(key)
    g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
    t = B._T(g)
    cs = U._convert_skills(g)
    want = tuple([(tid, sk, None if t.skill_names.get(sk.id) is None else tuple(sorted(t.skill_names[sk.id])))
                  for tid in t.need_use_timings for sk in g.rs.by_timing[tid]])
    if cs != want:
        bad.append((key, "definition"))
    if last is not None and (last[0] == key) != (last[1] is cs):
        bad.append((key, "shared" if last[1] is cs else "not shared"))
    shared += last is not None and last[1] is cs
    last = (key, cs)
    got.setdefault(key, cs)
print(len(got["identity"]) > 0, shared, bad)
"""


def test_the_conversion_skills_are_made_once_per_rulebook_pure_and_as_built():
    assert run_both(CONVERT) == "True 2 []"


LEGAL = DECISIONS + r"""
from core.prims import base as B, cards as Cards, resolving as Resolving, status as Status, targets as Targets
Q_LEGAL, S_SEAL = B.Q_LEGAL, B.S_SEAL


def base_written(g, user, name, p, restrict):
    if not isinstance(p, int) or not 0 <= p < g.n:
        return True
    if not g.players[p].alive:
        return False
    if restrict is not None and p not in restrict:
        return False
    return Status._query(g, Q_LEGAL, name, p, None) == 0   # _TG.card: None outside a choice of targets


def legal_written(g, user, name, p, restrict):
    if not base_written(g, user, name, p, restrict):
        return False
    if isinstance(p, int) and 0 <= p < g.n and Targets._delayed_name(g, name):
        for c in g.zone_cards(E.Z_JUDGE, p):
            if Cards._card_name_any(g, Resolving.virtual_card_of(g, E.Frame(0, 0), c)) == name:   # (its frame unread)
                return False
        if (E.Z_JUDGE, p) in B._S(g, S_SEAL):
            return False
    return True


bad = []
rows = delayed = sealed = 0
for key, seeds in (("identity", (1, 2)), ("identity_old", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        names = range(len(g.rs.card_names))
        for name in names:
            dl = Targets._is_delayed(g, name)
            for p in list(range(-1, g.n + 1)) + [None]:
                for restrict in (None, [0, 2]):
                    rows += 1
                    delayed += dl
                    b = Targets._legal_base(g, 0, name, p, restrict)
                    if bool(b) != base_written(g, 0, name, p, restrict):
                        bad.append(("base", key, seed, n, name, p, restrict))
                    if bool(Targets._legal(g, 0, name, p, restrict)) != legal_written(g, 0, name, p, restrict):
                        bad.append(("legal", key, seed, n, name, p, restrict))
        # a clone with a seat's 判定区 sealed (step 179a: _legal tests the sealed list's size
        # before making the (kind, owner) tuple): its delayed names are refused there
        c = g.clone()
        B._Sw(c, S_SEAL).append((E.Z_JUDGE, n % c.n))
        for name in names:
            for p in range(c.n):
                if bool(Targets._legal(c, 0, name, p, None)) != legal_written(c, 0, name, p, None):
                    bad.append(("sealed", key, seed, n, name, p))
                sealed += p == n % c.n and Targets._is_delayed(c, name) and base_written(c, 0, name, p, None)
print(games, rows > 100000, delayed > 1000, sealed > 10, bad[:3])
"""


def test_legal_base_is_legal_without_the_delayed_rules_pure_and_as_built():
    assert run_both(LEGAL) == "3 True True True []"


DECIDE = r"""
import math
from core import engine as E
from core.decision import Decision, _comb, new_decision
bad = []
for n in range(0, 71):
    for k in range(-1, n + 2):
        want = math.comb(n, k) if 0 <= k <= n else 0
        if _comb(n, k) != want:
            bad.append(("comb", n, k, _comb(n, k), want))
def refused(d, v):
    try:
        d.normalize(v)
    except E.IllegalAnswer:
        return True
    return False
for m in (2, 3, 5, 16, 17, 30):
    opts = list(range(100, 100 + m))
    d = Decision(E.D_CARDS, 0, opts, 1, m)
    for i in range(m):
        for j in range(i):
            v = list(opts)
            v[i] = v[j]
            if not refused(d, v):
                bad.append(("twice", m, i, j))
    if refused(d, opts) or d.normalize(list(reversed(opts))) != tuple(reversed(opts)):
        bad.append(("once", m))
# a tuple's items copied into a list of its size in C (step 104b): short, long, and not ints
for opts in ([1, 2], (), (3, 4), range(3), [], tuple(range(40, 75)), ("a", None, (1, 2)),
             [i for i in range(5)]):
    d = new_decision(E.D_CARDS, 0, opts, 1, 1, "x")
    if d.options != list(opts) or d.options is opts or type(d.options) is not list:
        bad.append(("options", opts))
print(bad[:3])
"""


def test_decision_counts_duplicates_and_options_pure_and_as_built():
    assert run_both(DECIDE) == "[]"
