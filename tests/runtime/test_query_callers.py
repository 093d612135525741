"""Step 51 of docs/performance.md: the status queries' callers and the modifiers Game.modval runs.

* the hand limit's and the draw count's modifiers as C classes (status._HandLimitModifier,
  roles._DrawModifier, roles._DrawSetModifier), each computing its function's answer with its
  lines: held to those functions (Modifier.fn, the answer before step 51) at every Game.modval of
  those kinds in nine seeded games on the pure engine, and at each decision of a game, pure and as
  built (the compiled classes are what the games run);
* status._ask and status._using (this room's queries with the no-answer bit tested before
  _query's call; _using, step 89, the use limit's +X, 无次数限制 and 不能使用): where they answer from
  the bit, _query answers 0 too."""
from seeded_games import run_pure, run_python, watch

WATCH = watch(r"""
from core.prims import roles as Roles, status as Status
modval = E._modval   # core.held's, which Game.modval and the engine's callers of the formula call
ask = Status._ask
CLASSES = (Status._HandLimitModifier, Roles._DrawModifier, Roles._DrawSetModifier)


def watched_modval(g, kind, a, b, base):
    for m in g.rs.mods[kind]:
        if type(m) in CLASSES:
            seen["modifiers"] += 1
            got, want = m.value(g, -1, a, b), m.fn(g, -1, a, b)
            seen["answered"] += got is not None
            if got != want and len(bad) < 5:
                bad.append((type(m).__name__, a, got, want))
    return modval(g, kind, a, b, base)


def watched_ask(g, kind, a, b, /):
    got = ask(g, kind, a, b)
    if (g.no_answer >> kind) & 1:
        seen["bit"] += 1
        want = Status._query(g, kind, a, b)
        if got != 0 or want != 0:
            if len(bad) < 5:
                bad.append(("ask", kind, got, want))
    return got


using = Status._using


def watched_using(g, kind, a, b, /):
    # status._using (step 89: the use limit's +X, 无次数限制, 不能使用) answers from the bit as _ask
    got = using(g, kind, a, b)
    if (g.no_answer >> kind) & 1:
        seen["bit"] += 1
        want = Status._query(g, kind, a, b)
        if got != 0 or want != 0:
            if len(bad) < 5:
                bad.append(("using", kind, got, want))
    return got


E._modval = watched_modval
Status._ask = watched_ask
Status._using = watched_using
""", 'seen["modifiers"], seen["answered"], seen["bit"]')


def test_modifier_classes_and_ask_are_their_definitions():
    """Nine seeded games (five of the current edition with every pack, two of the old edition,
    two of 战棋), pure: every hand-limit and draw-count modifier's value is its function's, and
    some answer (a draw count changed: 〖英姿〗, 〖裸衣〗 …); _ask answers 0 from the bit only
    where _query does."""
    lines = run_pure(WATCH)
    games, modifiers, answered, bit = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert modifiers > 1000 and answered > 0 and bit > 1000, (modifiers, answered, bit)


DIRECT = r"""
from core import prims as P
from core.agents import RandomPlayer
import generated.identity as M
from core.engine import MK_DRAW, MK_HANDLIMIT
names, rows, answered, bad = set(), 0, 0, []
for seed in (1, 2, 3):
    g = P.new_game(M, 5, seed=seed, log_level=0)
    a = RandomPlayer(seed)
    d = g.step()
    while d is not None and g.result is None:
        for p in range(g.n):
            if not g.players[p].alive:
                continue
            for kind in (MK_HANDLIMIT, MK_DRAW):
                for m in g.rs.mods[kind]:
                    if m.skill >= 0 or m.fn is None:
                        continue
                    names.add(type(m).__name__)
                    got, want = m.value(g, -1, p, -1), m.fn(g, -1, p, -1)
                    rows += 1
                    answered += got is not None
                    if got != want:
                        bad.append((type(m).__name__, p, got, want))
        g.answer(a.choose(g, d))
        d = g.step()
print(" ".join(sorted(names)), rows > 100, answered > 0, bad[:3])
"""


def test_modifier_classes_pure_and_as_built():
    """At each decision of three games, for every living seat: the hand-limit and draw-count
    modifiers' values equal their functions', pure and as built, and the two modes agree."""
    out = {pure: run_python(DIRECT, pure=pure).split("\n")[0] for pure in (True, False)}
    assert out[True] == out[False], out
    assert out[True] == "_DrawModifier _DrawSetModifier _HandLimitModifier True True []", out
