"""What the watch tests share: seeded random-player games of every rulebook (the current
edition with every pack, the old edition, 战棋) as a script to splice into a watch, and a
runner for such a script in a fresh Python process (pure or as built)."""
import os
import subprocess
import sys
from pathlib import Path

import core

ROOT = Path(__file__).resolve().parent.parent.parent


def room_c(room: str) -> str:
    """The C that the last `sgs build` wrote for core/prims/<room>.py; the test is skipped when
    there is none (a pure checkout): what the as-built tests of a step's C read."""
    import pytest

    path = ROOT / "core" / "prims" / f"{room}.c"
    if not path.exists():
        pytest.skip(f"core/prims/{room}.c is made by `sgs build`")
    return path.read_text(encoding="utf-8")


def play_script(identity, old, zhanqi):
    """The code of a watch's games: ``identity``, ``old`` and ``zhanqi`` games of each rulebook,
    seeds from 1, each dealt from every pack of generals the rulebook has and played to its end
    by the random player; ``games`` counts those that ended. Needs ``S`` (compiler.simulate),
    ``by_key``, ``RandomPlayer`` and ``play`` imported."""
    return r"""
games = 0
for key, seeds in (("identity", range(1, %d)), ("identity_old", range(1, %d)), ("zhanqi", range(1, %d))):
    M, P = S.load_engine(key)
    rb = by_key(key)
    for seed in seeds:
        g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=0)
        play(g, RandomPlayer(seed))
        games += g.result is not None
""" % (identity + 1, old + 1, zhanqi + 1)



def states_at_decisions(rules, seeds, steps, every, deck):
    """In this process: 5-player games of ``rules`` (a rulebook's generated module) dealt from
    ``deck``, one a seed, each played by the random player for at most ``steps`` decisions;
    yields (seed, k, g) at every ``every``-th decision k, before its answer."""
    from core import prims as P
    from core.agents import RandomPlayer
    from core.decision import Decision
    for seed in seeds:
        g = P.new_game(rules, 5, seed=seed, deck=deck)
        agent = RandomPlayer(seed)
        for k in range(steps):
            d = g.step()
            if not isinstance(d, Decision):
                break
            if k % every == 0:
                yield seed, k, g
            g.answer(agent.choose(g, d))

# a script that looks at seeded random-player games between their decisions starts with this:
# the imports the games need, and ``decisions``, which plays the games and stops at each
# ``every``-th decision (n) before its answer, yielding (seed, n, g); ``games`` counts the
# games that ended
DECISIONS = r"""
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer

games = 0


def decisions(key, seeds, every=1):
    global games
    M, P = S.load_engine(key)
    rb = by_key(key)
    for seed in seeds:
        g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=0)
        a = RandomPlayer(seed)
        n = 0
        d = g.step()
        while d is not None and g.result is None:
            n += 1
            if n % every == 0:
                yield seed, n, g
            g.answer(a.choose(g, d))
            d = g.step()
        games += g.result is not None
"""

def identity_game(seed, log_level=0, start=True):
    """The head of a script on one seeded game of the current edition: the imports it needs
    (``S``, ``by_key``), then ``M`` (the rulebook's generated module), ``P`` (core.prims), ``rb``
    (the rulebook) and ``g``, the game of ``seed`` with the rulebook's seats, mode and deck (every
    pack), logging at ``log_level``, started unless ``start`` is False."""
    return r"""
from compiler import simulate as S
from compiler.rulebooks import by_key
M, P = S.load_engine("identity")
rb = by_key("identity")
g = P.new_game(M, rb.players, seed=%d, mode=rb.mode, deck=rb.deck, log_level=%d%s)
""" % (seed, log_level, "" if start else ", start=False")


def move_game(players, generals=None):
    """The head of a script on a game of the current edition not started, in a 移动 of no card
    (``root``, its frame, the root frame: the state a move writes): the imports it needs
    (``S``), then ``M`` (the rulebook's generated module), ``P`` (core.prims) and ``g``, seed 1's
    game of ``players`` seats, no card in hand, dealt the 标准版加军争 deck or, ``generals``
    given (a list of names), those generals and the rulebook's deck."""
    seats = 'deck="标准版加军争"' if generals is None else "generals=%r" % (generals,)
    return r"""
from compiler import simulate as S
M, P = S.load_engine("identity")
g = P.new_game(M, %d, seed=1, %s, mode=None, hand=0, start=False)
root = P.run_event(g, "移动", (0, (), 0, None))
""" % (players, seats)


# a script that asks a table a rulebook's tables make (kept while the same tables are asked) starts
# with this: ``games``, seed 1's game of the current edition and of 战棋, each stepped to its first
# decision, to ask in turn (each table made again after the other rulebook's)
TWO_RULEBOOKS = r"""
from compiler import simulate as S
from compiler.rulebooks import by_key
games = []
for key in ("identity", "zhanqi"):
    M, P = S.load_engine(key)
    rb = by_key(key)
    g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
    g.step()
    games.append(g)
"""

# a script that replaces a card name's methods at an idle point starts with this: ``idle_method``
# answers, at the first of seed 1's 身份局 decisions (every fifth) with a turn running, the game,
# its tables, the turn's frame, the current seat, the first card name with methods and those
# methods as kept (the script puts them back after replacing them)
IDLE_METHOD = DECISIONS + r"""
from core.prims import base as B, turns as Turns


def idle_method():
    for seed, n, g in decisions("identity", (1,), every=5):
        t = B._T(g)
        tf = Turns._turn_frame(g)
        p = g.current
        if tf is not None and p >= 0:
            ni = next(i for i, ms in enumerate(t.name_methods) if ms)
            return g, t, tf, p, ni, t.name_methods[ni]
"""


def probe_watch(package):
    """The head of a script that holds a probe module (built by probe_runs into the folder the
    script's first argument names) to the rooms over seeded games: DECISIONS, the probe imported
    from ``package``, and the script's first line whether the probe is compiled."""
    return ("import sys\nsys.path.insert(0, sys.argv[1])\n" + DECISIONS
            + "from %s import probe\n" % package
            + "print(not probe.__file__.endswith('.py'))   # compiled: the probe's extension module\n")

def run_python(code, *args, pure=False):
    """What ``code`` prints, run with ``args`` in a fresh process at the project's root: on the
    pure engine with ``pure``, else on the engine as built."""
    env = dict(os.environ)
    env.pop("SGS_PURE", None)
    if pure:
        env["SGS_PURE"] = "1"
    p = subprocess.run([sys.executable, "-c", code, *map(str, args)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout


# a script's helper: the distance from a to b asked afresh (Game.modval with the kept distances,
# Game.dist_memo, set aside: one made meanwhile is dropped), to hold a kept answer to
FRESH_DISTANCE = r"""
def fresh(g, a, b):
    m = g.dist_memo
    g.dist_memo = None
    try:
        return g.modval(0, a, b, g.base_distance(a, b))
    finally:
        g.dist_memo = m
"""


def run_both(code, *args):
    """What ``code`` prints (stripped), run with ``args`` on the pure engine and on the engine as
    built, asserted the same in both: the readable reference and the compiled engine agree."""
    out = {pure: run_python(code, *args, pure=pure).strip() for pure in (True, False)}
    assert out[True] == out[False], out
    return out[False]


def assert_base_constants(names, want, checked):
    """Base's ``names`` are gcc's constants as built (a `base.pxd` enum: no shared C variable of
    those names in its `__pyx_capi__`) and its ints pure, equal to ``want`` (an expression over
    the engine ``E`` and base ``B``); base's tuple ``checked``, what it checks them against at
    import, is ``want`` too (steps 267a, 270a)."""
    code = """
import core.engine as E
from core.prims import base as B
names = %r
want = %s
if hasattr(B, "__pyx_capi__"):   # compiled: no shared C variable of these names
    print(sorted(set(names) & set(B.__pyx_capi__)))
else:
    print(tuple(getattr(B, n) for n in names) == want)
print(getattr(B, %r, None) == want)
""" % (tuple(names), want, checked)
    for pure in (True, False):
        lines = run_python(code, pure=pure).splitlines()
        assert lines == ["True" if pure else "[]", "True"], (pure, lines)


def probe_runs(tmp_path, package, source):
    """Where a probe's watch runs, each with its pure flag: ``source`` as ``<package>.probe``
    uncompiled (pure) and, the core compiled, the same built at -O1 against the core's
    declaration files (as built); a folder each below ``tmp_path`` to put on the path."""
    from core.build import build_modules
    runs = []
    for pure, kind in ((True, "pure"), (False, "built")):
        if not pure and not core.compiled():
            break
        folder = tmp_path / kind
        pkg = folder / package
        pkg.mkdir(parents=True)
        (pkg / "__init__.py").write_text("", encoding="utf-8")
        (pkg / "probe.py").write_text(source, encoding="utf-8")
        if not pure:
            assert build_modules(package, ["probe"], opt="-O1", root=str(folder)) == ["probe"]
        runs.append((pure, str(folder)))
    return runs


# the definition of "name have is a kind of name want" (cards._kind_ok), for the scripts that hold
# the runtime's tables to it: the same name, 普【名】's exact name (want <= -2), or a kind listed
# for have, which kinds_of(have) gives from the script's own source of kinds
KIND_OK = r"""
def kind_ok(kinds_of, have, want):
    if have == want:
        return True
    if want <= -2:
        return have == -2 - want
    if have < 0 or want < 0:
        return False
    return want in kinds_of(have)
"""


# a four-seat game of the current edition, not started, at a 移动 of nothing, and a frame of the
# move flow with its scratch: where the target-list tests ask a virtual card's fields (prints
# whether resolving is built)
VCARD_HEAD = move_game(4) + r"""
import core.engine as E
from core.prims import base as B, cards as C, resolving as R
print(not R.__file__.endswith('.py'))
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
"""


# a three-seat game of the current edition dealt four known cards (杀 闪 桃 酒: ids 0 to 3) and
# no hand, not started, at a 移动 of nothing, and a frame of the move flow with its scratch
# (``f``): where the vanishing tests make virtual cards of known cards and vanish them
VANISH_HEAD = r"""
import core.engine as E
from compiler import simulate as S
from core.prims import base as B, cards as C, resolving as R
mod, P = S.load_engine("identity")
DECK = [("杀", "红桃", 7), ("闪", "黑桃", 2), ("桃", "红桃", 3), ("酒", "梅花", 1)]
g = P.new_game(mod, 3, seed=1, deck=DECK, generals=["关羽", "张飞", "刘备"], mode=None, hand=0,
               shuffle=False, start=False)
P.run_event(g, "移动", (0, (), 0, None))
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
"""

# the cards a 移动's frame lists in its scratch's record (X_JCARD: card, origin pairs), [] for
# none: where the probes of a moved card's zone kind ask (a script defines X_JCARD first)
MOVE_RECORD_CARDS = r"""
def cards_of(f):
    x = f.x
    rec = x[X_JCARD] if isinstance(x, list) and len(x) > X_JCARD else None
    return list(rec[0::2]) if isinstance(rec, (list, tuple)) else []
"""

# the nine seeded games most watches play (five of the current edition, two of the old, two of
# 战棋)
PLAY = play_script(5, 2, 2)


def run_pure(script):
    """The lines ``script`` (a watch over its games) prints, run on the pure engine."""
    return run_python(script, pure=True).strip().splitlines()


# what every watch starts with: the imports its games (PLAY) need, the pure engine asserted (only
# the pure rooms' functions can be replaced by a watch), a count of what it saw, the first
# differences it found (``differs`` notes one, up to five)
WATCH_HEAD = r"""
import collections
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, play
assert not E.cython.compiled

seen = collections.Counter()
bad = []


def differs(*x):
    if len(bad) < 5:
        bad.append(x)
"""


def watch(body, counts):
    """A watch's whole script: WATCH_HEAD, then ``body`` (its own imports and the functions it puts
    in place of the rooms'), the nine games (PLAY), then one line of the games that ended and of
    ``counts`` (Python expressions, comma-separated) and a DIFFERS line for each of ``bad``."""
    return WATCH_HEAD + body + PLAY + (
        "print(games, %s)\nfor x in bad:\n    print(\"DIFFERS\", *x)\n" % counts)



# a new game of each rulebook (the 身份局 twice, so a room's state kept for one game's tables is
# met again after another's) in ``games``, for the scripts that compare a room's tables or
# answers with their definitions across rulebooks
RULEBOOK_GAMES = r"""
from compiler import simulate as S
from compiler.rulebooks import by_key
games = []
for key in ("identity", "identity_old", "zhanqi", "identity"):
    M, P = S.load_engine(key)
    rb = by_key(key)
    games.append(P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0))
"""

# the glossary's modifier formula (002:108-116) written out, for the scripts that hold the engine's
# (Game.modval, core.held._modval and its callers) to it: SET wins (the last one, unbounded), else
# max(B0 + the deltas, floor) capped by ceil, every modifier asked for every seat that has its
# skill valid (a rule of the game's: once, for no seat); needs ``E`` (core.engine) imported
MODVAL_WRITTEN = r"""
def modval_written(g, kind, a, b, base):
    setv, b0, delta = None, base, 0
    for m in g.rs.mods[kind]:
        owners = [-1] if m.skill < 0 else [
            q for q in range(g.n) if g.players[q].alive and g.players[q].has[m.skill] > 0
            and g.players[q].invalid[m.skill] == 0]
        for q in owners:
            v = m.value(g, q, a, b)
            if v is None:
                continue
            if m.mode == E.M_SET:
                setv = v
            elif m.mode == E.M_BASE:
                b0 = v
            else:
                delta += v
    if setv is not None:
        return setv
    return min(max(b0 + delta, g.rs.mod_floor[kind]), g.rs.mod_ceil[kind])
"""


# a watch's script that must see every use limit asked as a query ([Q_LIMIT, …] through
# status._run_card_rules and _run_direct, as before step 80a) patches status.kinds with this: each
# game's t.use_limits without the rule sets' direct forms (status._limit_rules, held to the query
# by test_limit_direct), once per game's tables; needs ``B`` and ``Status`` imported
LIMITS_AS_QUERIES = r"""
kinds = Status.kinds
queried = []


def kinds_queried(g):
    out = kinds(g)
    t = B._T(g)
    if not any(q is t.use_limits for q in queried):
        t.use_limits = [None if e is None else (e[0], e[1], None, (None,) * len(e[1]))
                        for e in t.use_limits]
        queried.append(t.use_limits)
    return out


Status.kinds = kinds_queried
"""


# a card's use limit written out (status._use_limited's definition): 不能使用, then every rule of
# the name and of the names it is a kind of, each in a frame with a query list of its own; needs
# ``B`` (core.prims.base) and ``Status`` (core.prims.status) imported
USE_LIMIT_WRITTEN = r"""
def use_limited_written(g, p, name, mi):
    t = B._T(g)
    if Status._query(g, B.Q_NOUSE, p, name):
        return True
    ks = Status.kinds(g).get(name, ())
    for k in range(-1, len(ks)):
        n = name if k < 0 else ks[k]
        q = [B.Q_LIMIT, p, name, mi if k < 0 else 0, 0]
        for m, prog, _, _ in t.card_status.get(n, ()):
            if q[3] == m:
                Status._run_rule(g, prog, p, q, None)
        if q[4]:
            return True
    return False
"""


# every 使用目标 reading the scan's tables keep (usable._scan_tables), at every living seat and
# every timing at which cards are used, at every ``every``-th decision of the seeded games of
# ``runs`` ((key, seeds) pairs), the turn's frame the event: (key, seed, n, g, tf, tid, p, name,
# mi, r); needs DECISIONS and ``B``, ``Turns``, ``U`` (core.prims' base, turns, usable) imported
USE_READINGS = r"""
def use_readings(runs, every):
    for key, seeds in runs:
        for seed, n, g in decisions(key, seeds, every):
            t = B._T(g)
            tf = Turns._turn_frame(g)
            for tid in sorted(t.use_methods):
                at = U._scan_tables(t, tid)
                for p in range(g.n):
                    if not g.players[p].alive:
                        continue
                    for (name, mi), r in zip(at.pairs, at.reads):
                        if r is not None:
                            yield key, seed, n, g, tf, tid, p, name, mi, r
"""

# every card name's 使用目标 value (targets._target_value) for every method at every living seat as
# its user, the current turn the event, at every ``every``-th decision of the seeded games of
# ``runs`` ((key, seeds) pairs) that has a turn: (key, seed, n, g, p, name, mi, v); needs DECISIONS
# and ``Targets``, ``Turns`` (core.prims' targets, turns) imported
TURN_TARGET_VALUES = r"""
def turn_target_values(runs, every):
    for key, seeds in runs:
        for seed, n, g in decisions(key, seeds, every):
            ev = Turns.current_turn(g, None)
            if ev is None:
                continue
            for p in range(g.n):
                if not g.players[p].alive:
                    continue
                for name in range(len(g.rs.card_names)):
                    for mi in range(len(Targets._methods(g, name))):
                        yield key, seed, n, g, p, name, mi, Targets._target_value(g, p, name, mi, ev)
"""

# usable._scan_from written out (the scan's definition): every method of the timing from index i
# on that _scan_begin's state sc did not mark skipped, each test in turn, its condition in a frame
# of base._frame0; needs ``B``, ``Cards``, ``Limits``, ``Targets`` and ``U`` (core.prims' base,
# cards, limits, targets, usable) imported
SCAN_FROM_WRITTEN = r"""
def scan_from_written(g, p, ev, tid, sc, i):
    t = B._T(g)
    subj, noresp, conv, read, methods = sc.subj, sc.noresp or (), sc.conv, sc.marks(), sc.at.methods
    out = []
    for j in range(i, len(methods)):
        if read[j] == 0:   # usable.M_SKIP (a C int of the room when compiled)
            continue
        name, mi, cond = methods[j]
        if any((who == p or who == B.ANY) and Cards._kind_ok(g, name, n2) for who, n2 in noresp):
            continue
        # a method whose 使用时机 is its user's own (register_card's flag, its index 6): the
        # event's subject's only (docs/decisions/0210)
        if subj >= 0 and subj != p and t.cards[name][5][mi][6]:
            continue
        if cond is not None and not cond.value(g, B._frame0(p, ev)):
            continue
        if Limits._use_limited(g, p, name, mi):
            continue
        if read[j] == 2 and not U._can_convert(g, p, name, conv, mi, ev):   # usable.M_CONVERT
            continue
        v = Targets._target_value(g, p, name, mi, ev)
        if not Targets._has_target(g, p, name, v):
            continue
        if isinstance(v, int) and v == p and subj >= 0 and subj != p and tid != t.idle:
            continue
        out.append((name, mi))
    return out
"""

# The harness of the tests that hold a reading to its definition written in the test: the
# script's head (after its imports) prints whether it runs compiled and counts the questions
# asked, those whose definition holds and the first five that differ; its tail reports them.
# `same` compares through `norm`, which a script may redefine (a Pick has no __eq__).
SAME_HEAD = r"""
print(not E.__file__.endswith('.py'))   # compiled: the extension module
seen = {"asks": 0, "true": 0}
bad = []


def norm(v):
    return v


def same(what, got, want):
    seen["asks"] += 1
    seen["true"] += bool(want)
    if norm(got) != norm(want) and len(bad) < 5:
        bad.append((what, got, want))
"""
SAME_TAIL = r"""
print(games, seen["asks"], seen["true"])
for x in bad:
    print("DIFFERS", *x)
"""


def assert_definitions_hold(script, games, asks, true):
    """Pure and as built: ``script`` (SAME_HEAD … SAME_TAIL) played ``games`` games, asked more
    than ``asks`` questions, more than ``true`` of them held, and every answer was its
    definition's."""
    for pure in (True, False):
        lines = run_python(script, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        played, asked, held = map(int, lines[1].split())
        assert played == games
        assert asked > asks and held > true, lines[1]
