"""`sgs bench`: what the compiler and the engine cost on this machine (docs/performance.md).

Every figure is a median over repeats, printed as a table or as JSON (--json); game and timing
rates use the CPU time of the measuring process (the machine may be shared). Nothing here
asserts a time: tests never time things; this command measures them. Game runs use one
process per mode (compiled / pure Python), so the two never share imported modules.
"""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import time

from .console import is_terminal
from .escape import json_text
from .project import REPO

GAME_WORKER = r"""
import json, resource, statistics, sys, time
from core import prims as P
import core
from core.agents import RandomPlayer, play
import generated.identity as M


def peak_rss_mb():
    # this process's own peak: VmHWM, the high-water mark of the memory it has since exec.
    # Not getrusage's ru_maxrss: Linux carries that over exec from the forked parent, so a
    # worker started by a parent of 60 MB (sgs bench after parsing every spec) reported 60 MB
    try:
        with open("/proc/self/status") as st:
            for line in st:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024   # (not Linux: kB or bytes)


games, repeat, players, deck = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
agent = sys.argv[5]   # uniform: Game.run_random; random: the random player of sgs simulate
runs, walls, timings, decisions, turns = [], [], 0, 0, 0
for r in range(repeat):
    t0, w0 = time.process_time(), time.perf_counter()
    for i in range(games):
        g = P.new_game(M, players, seed=1000 + i, deck=deck, log_level=0)
        if agent == "uniform":
            g.run_random(1000 + i)
        else:
            play(g, RandomPlayer(1000 + i))
        if r == 0:
            timings += g.n_timings; decisions += g.n_decisions; turns += g.turn_no
    runs.append(time.process_time() - t0)
    walls.append(time.perf_counter() - w0)
# rates from the CPU time of this process (one core; the machine may be shared: wall time
# then also counts the other jobs), the wall-clock rate alongside
best = statistics.median(runs)
print(json.dumps({"compiled": core.uncompiled_reason() is None, "agent": agent, "games": games, "repeat": repeat,
                  "games_per_s": games / best, "wall_games_per_s": games / statistics.median(walls),
                  "timings_per_s": timings / best,
                  "mean_timings": timings / games, "mean_decisions": decisions / games,
                  "mean_turns": turns / games,
                  "peak_rss_mb": peak_rss_mb()}))
"""

RULEBOOK_WORKER = r"""
import json, statistics, sys, time
import core
from compiler.gameopts import pack_list, resolve_generals
from compiler.rulebooks import by_key
from core import prims as P
from core.agents import RandomPlayer, play
key, generals, games, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rb = by_key(key)
M = rb.module()
if generals == "every":   # every pack of generals the rulebook has
    generals = ",".join(pack_list(M))
pack, problem = resolve_generals(M, generals)
if problem:
    raise SystemExit(problem)
runs, timings, turns = [], 0, 0
for r in range(repeat):
    t0 = time.process_time()
    for i in range(games):
        g = P.new_game(M, rb.players, seed=1000 + i, mode=rb.mode, deck=rb.deck or None,
                       log_level=0, pack=pack)
        play(g, RandomPlayer(1000 + i))
        if r == 0:
            timings += g.n_timings; turns += g.turn_no
    runs.append(time.process_time() - t0)
best = statistics.median(runs)
print(json.dumps({"compiled": core.uncompiled_reason() is None, "rulebook": key, "mode": rb.mode,
                  "edition": rb.edition, "generals": generals, "players": rb.players,
                  "games": games, "games_per_s": games / best, "timings_per_s": timings / best,
                  "ns_per_timing": best / timings * 1e9, "mean_timings": timings / games,
                  "mean_turns": turns / games}))
"""

# the runtimes `--what rulebooks` compares (issue 15: the packs, 战棋 and the old edition at a
# cost per timing comparable to the 身份局 games with the standard generals): (rulebook key,
# --generals, or "every" pack it has)
RULEBOOK_RUNS = (("identity", "standard"), ("identity", "every"),
                 ("identity_old", "standard"), ("zhanqi", "standard"))

FIRE_WORKER = r"""
import json, statistics, core
from core.bench import bench_fire, bench_fire_call, bench_flow_fire
# a flow step firing a timing nobody listens to (step loop + program + fire), the same loop
# without the timing, and Game.fire alone called from compiled code
none = statistics.median(bench_fire(False, 200000) for _ in range(5))
loop = statistics.median(bench_fire(False, 200000, fire=False) for _ in range(5))
call = statistics.median(bench_fire_call(2000000 if core.compiled() else 200000) for _ in range(5))
flow = statistics.median(bench_flow_fire(1000000 if core.compiled() else 100000) for _ in range(5))
idle = statistics.median(bench_fire(True, 100000, triggers=False) for _ in range(3))
runs = statistics.median(bench_fire(True, 50000) for _ in range(3))
print(json.dumps({"compiled": core.uncompiled_reason() is None, "no_listener_ns": none, "loop_ns": loop,
                  "fire_call_ns": call, "flow_fire_ns": flow, "idle_listener_ns": idle,
                  "running_listener_ns": runs}))
"""

FINGERPRINT_WORKER = r"""
import hashlib, json, os, sys, core
from core import prims as P
from core.agents import RandomPlayer, play
import generated.identity as M
nrandom, nuniform = int(sys.argv[1]), int(sys.argv[2])
logs = sys.argv[3] if len(sys.argv) > 3 else ""   # a folder for each game's hashed bytes
h = hashlib.md5()
# every timing, push, question and answer (log level 2) of seeded games: the random player
# (seeds 1..) and the uniform answerer (seeds 1000..), dealt from the default pack (played:
# compiler.bench.fingerprint_bytes)
from compiler.bench import fingerprint_bytes as played
def hashed(g, name):
    b = played(g)
    h.update(b)
    if logs:
        with open(os.path.join(logs, name + ".log"), "wb") as out:
            out.write(b)
for s in range(1, nrandom + 1):
    g = P.new_game(M, 5, seed=s, deck="标准版加军争", log_level=2)
    play(g, RandomPlayer(s))
    hashed(g, "r%02d" % s)
for s in range(1000, 1000 + nuniform):
    g = P.new_game(M, 5, seed=s, deck="标准版加军争", log_level=2)
    g.run_random(s)
    hashed(g, "u%d" % s)
print(json.dumps({"compiled": core.uncompiled_reason() is None, "random_games": nrandom,
                  "uniform_games": nuniform, "md5": h.hexdigest()}))
"""


def fingerprint_bytes(g) -> bytes:
    """What the behaviour fingerprint hashes of a played game: its log (level 2) without the
    header — it records the setup and the specs' hash, which any edit of a spec (a ruling, a
    comment) changes — with a trigger question's skills (and its answer) by name, not by id: a
    pack added after the default one shifts the ids of the runtime's hidden skills, not the
    games (docs/decisions/0006)."""
    import json

    names = [s.name for s in g.rs.skills]
    out, trigger = [], False
    for line in g.log:
        if line.startswith('{"e":"begin"'):
            continue
        if line.startswith('{"e":"ask"'):
            trigger = '"k":"trigger"' in line
            if trigger:
                d = json.loads(line)
                d["o"] = [names[i] for i in d["o"]]
                line = json.dumps(d, ensure_ascii=False)
        elif trigger and line.startswith('{"e":"ans"'):
            d = json.loads(line)
            if isinstance(d["v"], int) and d["v"] >= 0:
                d["v"] = names[d["v"]]
            line = json.dumps(d, ensure_ascii=False)
        out.append(line)
    return "\n".join(out).encode()


STATUS_WORKER = r"""
import json, core
import generated.identity
# compiled only if the core and the generated units both load their current .so files
print(json.dumps({"compiled": core.uncompiled_reason() is None, "reason": core.uncompiled_reason()}))
"""

CLONE_WORKER = r"""
import json, statistics, sys, time, core
from core import prims as P
from core.agents import RandomPlayer
from core.decision import Decision
import generated.identity as M
n = int(sys.argv[1])
# a mid-game state: the random player's game of seed 1 at its first decision of turn 10
g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
a = RandomPlayer(1)
while True:
    d = g.step()
    if not isinstance(d, Decision):
        raise SystemExit("the game ended before turn 10")
    if g.turn_no >= 10:
        break
    g.answer(a.choose(g, d))
runs = []
for r in range(5):
    # each clone made and dropped: its deallocation (and any garbage collection) is counted
    t0 = time.process_time()
    for i in range(n):
        g.clone()
    runs.append((time.process_time() - t0) / n)
best = statistics.median(runs)
print(json.dumps({"compiled": core.uncompiled_reason() is None, "clone_us": best * 1e6,
                  "clones_per_s": 1 / best, "stack": len(g.stack), "turn": g.turn_no}))
"""

INSTRUCTIONS_WORKER = r"""
import sys
from core import prims as P
from core.agents import RandomPlayer, play
from core.decision import Decision
import generated.identity as M
import core
# each run checks for itself that it is compiled: a source edited while the runs go on (a .py
# newer than its .so) would make this process pure and its count meaningless
if core.uncompiled_reason() is not None:
    sys.exit("uncompiled: " + core.uncompiled_reason())
# what `sgs bench --what instructions` counts (valgrind's callgrind, one process each):
# "import": the engine imported and registered, one game created; "games": that, then six
# fixed games (the random player on seeds 1-3, the uniform answerer on seeds 1000-1002);
# "benchN": that, then the first N games `--what games` times with the random player, each made
# and played as GAME_WORKER does (seeds 1000 on: the targets' own workload);
# "clone0"/"cloneN": the random player's game of seed 1 at its first decision of turn 10,
# then N clones of it (each dropped at once)
what = sys.argv[1]
g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
if what == "games":
    for s in (1, 2, 3):
        g = P.new_game(M, 5, seed=s, deck="标准版加军争", log_level=0)
        play(g, RandomPlayer(s))
    for s in (1000, 1001, 1002):
        g = P.new_game(M, 5, seed=s, deck="标准版加军争", log_level=0)
        g.run_random(s)
elif what.startswith("bench"):
    timings = 0
    for i in range(int(what[5:])):
        g = P.new_game(M, 5, seed=1000 + i, deck="标准版加军争", log_level=0)
        play(g, RandomPlayer(1000 + i))
        timings += g.n_timings
    print(timings)   # (the games' timings: tests compare them with GAME_WORKER's)
elif what.startswith("clone"):
    a = RandomPlayer(1)
    while True:
        d = g.step()
        if g.turn_no >= 10:
            break
        g.answer(a.choose(g, d))
    for i in range(int(what[5:])):
        g.clone()
"""

IMPORT_WORKER = r"""
import json, time
t0 = time.perf_counter()
import generated.identity
from core import prims as P
rs = P.new_ruleset(); generated.identity.register(rs); P.finish(rs)
print(json.dumps({"import_register_s": time.perf_counter() - t0}))
"""


def worker(code: str, *args, pure: bool = False) -> dict:
    env = dict(os.environ)
    env.pop("SGS_PURE", None)
    if pure:
        env["SGS_PURE"] = "1"
    r = subprocess.run([sys.executable, "-c", code, *map(str, args)], cwd=REPO, env=env,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"benchmark worker failed:\n{r.stderr[-2000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def callgrind(code: str, *args, out: str = "/dev/null") -> int:
    """Instructions executed by ``python -c code args`` under valgrind's callgrind (the
    compiled engine; deterministic, unlike seconds on a shared machine); ``out``: where
    callgrind writes its profile."""
    import shutil

    if shutil.which("valgrind") is None:
        raise RuntimeError("--what instructions needs valgrind")
    env = dict(os.environ)
    env.pop("SGS_PURE", None)
    # one string hash for every run: the dicts' layouts (and so their probes) repeat exactly
    env["PYTHONHASHSEED"] = "0"
    r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, "-c", code, *map(str, args)], cwd=REPO, env=env,
                       capture_output=True, text=True)
    m = re.search(r"Collected : (\d+)", r.stderr)
    if r.returncode != 0 or m is None:
        raise RuntimeError(f"callgrind run failed:\n{r.stderr[-2000:]}")
    return int(m.group(1))


# the games `--what games` times by default (cli's --games): the bench's games counted by
# `--what instructions` and profiled by `--what profile` are those, whatever --games says, so
# that their counts compare across runs. The six fixed games under-represent them: 陆逊's
# 〖连营〗 condition was ~2 % of these and absent from the six (docs/performance.md, step 274)
BENCH_GAMES = 40


def bench_instructions() -> dict:
    """Instructions of six fixed games, of the bench's own random-player games and of a clone
    (docs/performance.md, issue 15)."""
    base = callgrind(INSTRUCTIONS_WORKER, "import")
    games = callgrind(INSTRUCTIONS_WORKER, "games") - base
    bench = callgrind(INSTRUCTIONS_WORKER, f"bench{BENCH_GAMES}") - base
    c0 = callgrind(INSTRUCTIONS_WORKER, "clone0")
    c1 = callgrind(INSTRUCTIONS_WORKER, "clone1000")
    return {"six_games": games, "per_game": games / 6, "bench_games": bench,
            "bench_per_game": bench / BENCH_GAMES, "clone": (c1 - c0) / 1000}


# cachegrind's simulated caches, fixed (not the host's) so that the counts compare across
# machines: 32 KB first-level caches of 8 ways, an 8 MB last level of 16, lines of 64 bytes
CACHES = ("--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64")
CACHE_LINES = {"I   refs": "instructions", "I1  misses": "i1_misses",
               "Mispredicts": ("cond_mispredicts", "ind_mispredicts")}


def cachegrind(code: str, *args) -> dict:
    """What valgrind's cachegrind counts of ``python -c code args`` with its simulated caches
    and branch predictor (deterministic, as callgrind's count): instructions, first-level
    instruction-cache misses, mispredicted conditional and indirect branches."""
    import shutil

    if shutil.which("valgrind") is None:
        raise RuntimeError("--what cache needs valgrind")
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("SGS_PURE", None)
    r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes",
                        *CACHES, "--cachegrind-out-file=/dev/null", sys.executable, "-c", code,
                        *map(str, args)], cwd=REPO, env=env, capture_output=True, text=True)
    out = cache_counts(r.stderr)
    if r.returncode != 0 or len(out) != 4:
        raise RuntimeError(f"cachegrind run failed:\n{r.stderr[-2000:]}")
    return out


def cache_counts(summary: str) -> dict:
    """cachegrind's summary (its stderr) -> {instructions, i1_misses, cond_mispredicts,
    ind_mispredicts}: those it has."""
    out = {}
    for line in summary.splitlines():
        label, _, figures = line.partition("==")[2].partition("==")[2].partition(":")
        key = CACHE_LINES.get(label.strip())
        if key is None:
            continue
        numbers = [int(x.replace(",", "")) for x in re.findall(r"\d[\d,]*", figures)]
        if isinstance(key, tuple):   # "total ( cond + ind )"
            out.update(zip(key, numbers[1:3]))
        else:
            out[key] = numbers[0]
    return out


def bench_cache() -> dict:
    """The six fixed games of bench_instructions under cachegrind (the import's counts
    subtracted): what a build's code layout costs beside its instructions — a profile-guided
    build's gain is mostly there (docs/decisions/0303)."""
    base = cachegrind(INSTRUCTIONS_WORKER, "import")
    games = cachegrind(INSTRUCTIONS_WORKER, "games")
    return {k: games[k] - base[k] for k in sorted(games)}


# what `--what profile --workload W` profiles: INSTRUCTIONS_WORKER's run, and its label
WORKLOADS = {"bench": (f"bench{BENCH_GAMES}", f"the bench's {BENCH_GAMES} random-player games"),
             "six": ("games", "six fixed games")}


def bench_profile(top: int, workload: str = "bench") -> dict:
    """Where a workload's instructions go (WORKLOADS: the bench's own games, or the six fixed
    games): each function's own instructions (callgrind, as `--what instructions` runs them),
    the import's subtracted function by function, the ``top`` dearest; the games' total beside
    them. A Cython helper that several modules inline is named by one of them, not always the
    same one in both runs: its figure is approximate."""
    import shutil
    import tempfile

    if shutil.which("callgrind_annotate") is None:
        raise RuntimeError("--what profile needs valgrind's callgrind_annotate")
    with tempfile.TemporaryDirectory() as tmp:
        costs = {}
        run = WORKLOADS[workload][0]
        for what in ("import", run):
            path = os.path.join(tmp, what)
            callgrind(INSTRUCTIONS_WORKER, what, out=path)
            r = subprocess.run(["callgrind_annotate", "--threshold=100", path],
                               capture_output=True, text=True)
            if r.returncode != 0:
                raise RuntimeError(f"callgrind_annotate failed:\n{r.stderr[-2000:]}")
            costs[what] = self_costs(r.stdout)
    games = {f: n - costs["import"].get(f, 0) for f, n in costs[run].items()}
    ranked = sorted(((n, f) for f, n in games.items() if n > 0), key=lambda x: (-x[0], x[1]))
    total = sum(costs[run].values()) - sum(costs["import"].values())
    return {"workload": WORKLOADS[workload][1], "total": total,
            "functions": [[f, n] for n, f in ranked[:top]]}


_ANNOTATE_LINE = re.compile(r"^\s*([\d,]+)\s+\([^)]*\)\s+(.+?)\s*(?:\[([^\]]*)\])?$")


def self_costs(annotated: str) -> dict[str, int]:
    """{function: its own instructions} from callgrind_annotate's table (each line: the count,
    its share, ``file:function``, ``[object]``), named by function_name."""
    costs: dict[str, int] = {}
    for line in annotated.splitlines():
        m = _ANNOTATE_LINE.match(line)
        if m is None or ":" not in m.group(2):
            continue   # headers, the totals, blank lines
        name = function_name(m.group(2), m.group(3) or "")
        costs[name] = costs.get(name, 0) + int(m.group(1).replace(",", ""))
    return costs


def function_name(where: str, obj: str) -> str:
    """A function as the profile shows it: a Cython function by its Python name
    (``__pyx_f_4core_6engine_4Game_step`` → ``core.engine.Game.step``), else its C name; then
    the shared object it ran in, without its directory and platform tag. Callgrind names a
    helper that every Cython module has (``Py_DECREF``, ``__Pyx_GetItemInt_Fast``,
    ``__pyx_lzss_decompress`` …) by one of the modules, whichever ran it: those are summed as
    "Cython modules" (a ``__pyx_`` name is a module's own when it carries a mangled path,
    ``_4core_``, or the module's name, ``__pyx_pymod_exec_use``)."""
    fn = re.sub(r"'\d+$", "", where.rsplit(":", 1)[-1])   # f'2: callgrind's recursion depth
    lib = obj.rsplit("/", 1)[-1].split(".", 1)[0]
    if fn.startswith("__pyx_f_"):
        fn = _python_name(fn[len("__pyx_f_"):]) or fn
    elif ".cpython-" in obj and (not fn.startswith("__pyx_") or _shared_pyx(fn)):
        lib = "Cython modules"
    return f"{fn} ({lib})" if lib else fn


def _shared_pyx(fn: str) -> bool:
    """Whether a ``__pyx_`` function is one every Cython module has its own copy of (module
    set-up, decompression of its constants), not a function of this module's code."""
    return re.search(r"_\d", fn) is None and not fn.startswith(("__pyx_pymod_exec_", "__pyx_lambda_"))


def _python_name(mangled: str) -> str | None:
    """Cython's mangling undone: length-prefixed parts (``4core_6engine_4Game_``), then the
    function's own name; None if it does not parse."""
    parts, i = [], 0
    while i < len(mangled) and mangled[i].isdigit():
        j = i
        while mangled[j].isdigit():
            j += 1
        n = int(mangled[i:j])
        if mangled[j + n:j + n + 1] != "_":
            return None
        parts.append(mangled[j:j + n])
        i = j + n + 1
    return ".".join(parts + [mangled[i:]]) if parts and i < len(mangled) else None


def cpu_times(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        out.append(time.process_time() - t)
    return out


def bench_check(repeat: int) -> dict:
    """What `sgs check --no-rulings` does, in process and in CPU time: each rulebook's specs
    parsed and checked (compiler.project.load_project) with the parser built once, every repeat
    parsing afresh. ``identity_s``: the 身份局 rulebook alone (the one the < 1 s target was set
    for, when it was the only one); ``all_s``: every rulebook in one run, as sgs check reads
    them (the files they share parsed once)."""
    from .parser import forget_trees
    from .project import load_project, rulebook_files
    from .rulebooks import DEFAULT, RULEBOOKS

    def one(rb):
        forget_trees()
        load_project(rulebook=rb)

    def every():
        forget_trees()
        for rb in RULEBOOKS:
            load_project(rulebook=rb)

    one(DEFAULT)  # warm: builds the parser once
    alone = {rb.key: statistics.median(cpu_times(lambda rb=rb: one(rb), repeat)) for rb in RULEBOOKS}
    files = {p.resolve() for rb in RULEBOOKS for p in rulebook_files(rb)}
    return {"files": len(files), "identity_files": len(rulebook_files(DEFAULT)), "rulebooks": alone,
            "identity_s": alone[DEFAULT.key], "all_s": statistics.median(cpu_times(every, repeat)),
            "repeat": repeat}


def bench_build() -> dict:
    """What `sgs build --force` does — every rulebook's generated units and the core, forced —
    its wall time and its CPU time (this process and the build's workers and compilers:
    the wall time depends on what else the machine runs, the CPU time much less); then the
    rebuild after one general changes (its pack's unit and the index modules that register it:
    every rulebook that shares the unit, docs/decisions/0025); and import time."""
    import resource

    from core.build import build_modules

    from .build import GENERATED, compile_generated, generate_all, generated_opt, write

    def cpu() -> float:
        r = [resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
        return sum(x.ru_utime + x.ru_stime for x in r)

    t0, c0 = time.perf_counter(), cpu()
    units, gen = {}, {}

    def generate():
        # as `sgs build` does it: while the pool starts on the core
        outputs, _ = generate_all()
        if not outputs:
            raise RuntimeError("the specs do not check: run `sgs check`")
        write(outputs)
        gen["s"] = time.perf_counter() - t0
        units.update((o.path.stem, o.text) for o in outputs if o.path.parent == GENERATED and o.path.suffix == ".py")
        return sorted(units)

    compile_generated(force=True, generate=generate)
    gen_s = gen["s"]
    full_s, full_cpu = time.perf_counter() - t0, cpu() - c0
    pack = "identity_generals_standard"
    again = [pack] + sorted(n for n, text in units.items() if f"from . import {pack} as " in text)
    t0 = time.perf_counter()
    outputs, _ = generate_all()
    write(outputs)
    build_modules("generated", again, force=True, opt={m: generated_opt(m) for m in again})
    incr_s = time.perf_counter() - t0
    imp = statistics.median(worker(IMPORT_WORKER)["import_register_s"] for _ in range(3))
    return {"generate_s": gen_s, "full_build_s": full_s, "full_build_cpu_s": full_cpu,
            "one_general_rebuild_s": incr_s, "one_general_modules": again, "import_register_s": imp}


def run(args) -> int:
    from .gameopts import whole

    # medians over the repeats: at least one of each (a median of nothing is no figure)
    problem = (whole("--repeat", args.repeat, 1, 1000) or whole("--games", args.games, 1, 100000)
               or whole("--top", getattr(args, "top", 40), 1, 100000))
    if problem:
        print(f"sgs bench: {problem}", file=sys.stderr)
        return 2
    results: dict = {}
    what = args.what
    quick = ("all", "quick")   # all = quick + build (the build takes minutes)
    if what in quick + ("check",):
        results["check"] = bench_check(args.repeat)
    engine = None
    if what in quick + ("games", "timings", "clone", "rulebooks", "fingerprint", "instructions",
                        "cache", "profile"):
        # never a "compiled" figure from an uncompiled engine: without current .so files
        # (or with SGS_PURE=1) only the pure figures are measured, and the report says why
        engine = results["engine"] = worker(STATUS_WORKER)
        # the compiled figures' build: how many modules gcc compiled with their counts of the
        # training games (core/pgo.py: ~1.5× the games a second of a build without)
        from core.build import profile_status
        trained, used = profile_status()
        engine["profile"] = {"trained": len(trained), "used": len(used),
                             "without": sorted(set(trained) - set(used))}
    compiled = engine is not None and engine["compiled"]
    if what in quick + ("games",):
        deck = "标准版加军争"
        if compiled:
            # the agent of sgs simulate (the targets' agent), and the uniform answerer
            results["games_random_player"] = worker(GAME_WORKER, args.games, args.repeat, 5, deck, "random")
            results["games_compiled"] = worker(GAME_WORKER, args.games, args.repeat, 5, deck, "uniform")
        # the same seeded games uncompiled, once (pure Python is slow): ratios compare like with like
        results["games_random_player_pure"] = worker(GAME_WORKER, args.games, 1, 5, deck, "random", pure=True)
        results["games_pure"] = worker(GAME_WORKER, args.games, 1, 5, deck, "uniform", pure=True)
        if compiled:
            results["compiled_over_pure"] = (results["games_compiled"]["games_per_s"]
                                             / results["games_pure"]["games_per_s"])
            results["random_compiled_over_pure"] = (results["games_random_player"]["games_per_s"]
                                                    / results["games_random_player_pure"]["games_per_s"])
    if what in quick + ("rulebooks",):
        # the same runtime under each rulebook and pack: its cost per timing (one repeat in
        # quick; uncompiled, the pure engine's, which says so)
        reps = args.repeat if what == "rulebooks" else 1
        results["rulebooks"] = [worker(RULEBOOK_WORKER, key, generals, args.games, reps, pure=not compiled)
                                for key, generals in RULEBOOK_RUNS]
    if what in quick + ("timings",):
        if compiled:
            results["fire_compiled"] = worker(FIRE_WORKER)
        results["fire_pure"] = worker(FIRE_WORKER, pure=True)
    if what in quick + ("clone",):
        if compiled:
            results["clone_compiled"] = worker(CLONE_WORKER, 2000)
        results["clone_pure"] = worker(CLONE_WORKER, 200, pure=True)
    if what == "fingerprint":
        # --logs DIR: each game's hashed bytes in DIR/compiled and DIR/pure (r01.log … u1009.log),
        # to diff against another revision's when the fingerprint moves (docs/performance.md)
        # (sgs bench made the folders: compiler.cli.cmd_bench)
        logs = {kind: os.path.join(os.path.abspath(args.logs), kind) if getattr(args, "logs", None)
                else "" for kind in ("compiled", "pure")}
        if compiled:
            results["fingerprint_compiled"] = worker(FINGERPRINT_WORKER, 20, 10, logs["compiled"])
        results["fingerprint_pure"] = worker(FINGERPRINT_WORKER, 20, 10, logs["pure"], pure=True)
    if what == "instructions":
        if not compiled:
            raise RuntimeError("--what instructions counts the compiled engine: "
                               + str(engine["reason"]))
        results["instructions"] = bench_instructions()
    if what == "cache":
        if not compiled:
            raise RuntimeError("--what cache counts the compiled engine: " + str(engine["reason"]))
        results["cache"] = bench_cache()
    if what == "profile":
        if not compiled:
            raise RuntimeError("--what profile profiles the compiled engine: " + str(engine["reason"]))
        results["profile"] = bench_profile(args.top, getattr(args, "workload", "bench"))
    if what in ("all", "build"):  # slow (minutes): a full rebuild in place
        results["build"] = bench_build()
    for key, r in results.items():
        if key.endswith("_compiled") or key in ("games_random_player",):
            if not r["compiled"]:
                raise RuntimeError(f"{key}: the worker ran uncompiled although the engine is compiled")
    if args.json:
        print(json_text(results, indent=1))
    elif is_terminal(sys.stdout):
        show(results)
    else:
        print(render(results))
    return 0


def render(r: dict) -> str:
    """The plain table (what a pipe or a file gets)."""
    rows = table_rows(r)
    width = max(len(x[0]) for x in rows)
    return "\n".join(f"{name:<{width}}  {value:>18}  {note}" for name, value, note in rows)


def show(r: dict):
    """The same rows at a terminal, as a rich table; a warning in colour."""
    from rich.text import Text

    from .console import console, table

    rows = [(Text(n, style="bold red") if n in ("WARNING", "ENGINE NOT COMPILED") else n, v, Text(note, style="red") if "DIFFERENT" in note
             else note) for n, v, note in table_rows(r)]
    console().print(table("sgs bench", [("measure", "left"), ("value", "right"), ("note", "left")], rows))


def table_rows(r: dict) -> list[tuple[str, str, str]]:
    rows = []
    if "engine" in r and not r["engine"]["compiled"]:
        rows.append(("ENGINE NOT COMPILED", "pure figures only", r["engine"]["reason"] or ""))
    elif "profile" in r.get("engine", {}):
        p = r["engine"]["profile"]
        if not p["trained"]:
            rows.append(("profile-guided build (pgo/)", "no",
                         "pgo/ holds no profile: `sgs build --pgo`"))
        else:
            rows.append(("profile-guided build (pgo/)", f"{p['used']} of {p['trained']} modules",
                         "every module gcc has counts for" if p["used"] == p["trained"] else
                         "without: " + ", ".join(p["without"]) + " (`sgs build --pgo`)"))
    if "check" in r:
        c = r["check"]
        others = ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in c["rulebooks"].items() if v != c["identity_s"])
        rows.append(("sgs check: the 身份局 rulebook (parse + check)", f"{c['identity_s'] * 1000:.0f} ms",
                     f"target < 1000 ms (CPU time; {c['identity_files']} files, no rulings)"))
        rows.append(("… every rulebook, as sgs check reads them", f"{c['all_s'] * 1000:.0f} ms",
                     f"{c['files']} files, shared ones parsed once; alone: {others}"))
    if "games_random_player" in r:
        q = r["games_random_player"]
        rows.append(("5-player games, compiled, random player", f"{q['games_per_s']:.1f} games/s",
                     f"target ≥ 1000 (CPU time; wall clock {q['wall_games_per_s']:.1f}; "
                     f"{q['timings_per_s']:,.0f} timings/s; {q['mean_timings']:,.0f} timings, "
                     f"{q['mean_turns']:.0f} turns a game)"))
    if "games_compiled" in r:
        c = r["games_compiled"]
        rows.append(("… uniform answers (Game.run_random)", f"{c['games_per_s']:.1f} games/s",
                     f"{c['timings_per_s']:,.0f} timings/s; {c['mean_timings']:,.0f} timings, "
                     f"{c['mean_decisions']:,.0f} decisions, {c['mean_turns']:.0f} turns a game"))
        rows.append(("peak memory", f"{c['peak_rss_mb']:.0f} MB", "target ≤ 33 MB"))
    if "games_random_player_pure" in r:
        q = r["games_random_player_pure"]
        rows.append(("5-player games, pure Python, random player", f"{q['games_per_s']:.2f} games/s", ""))
    if "games_pure" in r:
        p = r["games_pure"]
        rows.append(("… uniform answers, pure Python", f"{p['games_per_s']:.2f} games/s", ""))
    if "random_compiled_over_pure" in r:
        rows.append(("compiled / pure, random player", f"{r['random_compiled_over_pure']:.1f}×", "target ≥ 30×"))
    if "compiled_over_pure" in r:
        rows.append(("compiled / pure, uniform answers", f"{r['compiled_over_pure']:.1f}×", "target ≥ 30×"))
    if r.get("rulebooks"):
        base = r["rulebooks"][0]["ns_per_timing"]
        for q in r["rulebooks"]:
            rows.append((f"cost per timing: {q['mode']}, {q['edition']} edition, {q['generals']}",
                         f"{q['ns_per_timing'] / 1000:.1f} µs",
                         f"{q['ns_per_timing'] / base:.2f}× the first; {q['games_per_s']:.1f} games/s, "
                         f"{q['mean_timings']:,.0f} timings, {q['mean_turns']:.0f} turns a game "
                         f"({q['players']} players, random player, "
                         f"{'compiled' if q['compiled'] else 'pure Python'})"))
    if "fire_compiled" in r:
        c, p = r["fire_compiled"], r["fire_pure"]
        rows.append(("timing, no listener (a flow step firing it)", f"{c['no_listener_ns']:.0f} ns",
                     f"pure {p['no_listener_ns']:.0f} ns; target ≤ 20 ns"))
        rows.append(("  the same step without the timing", f"{c['loop_ns']:.0f} ns", f"pure {p['loop_ns']:.0f} ns"))
        rows.append(("  Game.fire alone (from compiled code)", f"{c['fire_call_ns']:.1f} ns",
                     f"pure {p['fire_call_ns']:.0f} ns"))
        rows.append(("timing, no listener, as an event flow fires it", f"{c['flow_fire_ns']:.0f} ns",
                     f"pure {p['flow_fire_ns']:.0f} ns (prims.fire: the event's counts, then Game.fire)"))
        rows.append(("timing, listener not triggering", f"{c['idle_listener_ns']:.0f} ns", f"pure {p['idle_listener_ns']:.0f} ns"))
        rows.append(("timing, listener running", f"{c['running_listener_ns']:.0f} ns", f"pure {p['running_listener_ns']:.0f} ns"))
    elif "fire_pure" in r:
        p = r["fire_pure"]
        rows.append(("timing, no listener, pure Python", f"{p['no_listener_ns']:.0f} ns", ""))
    if "clone_compiled" in r:
        c, p = r["clone_compiled"], r["clone_pure"]
        rows.append(("clone a mid-game state, compiled", f"{c['clone_us']:.1f} µs",
                     f"{c['clones_per_s']:,.0f} clones/s; pure {p['clone_us']:.0f} µs; target ≤ 5 µs"))
    elif "clone_pure" in r:
        p = r["clone_pure"]
        rows.append(("clone a mid-game state, pure Python", f"{p['clone_us']:.0f} µs", f"{p['clones_per_s']:,.0f} clones/s"))
    if "fingerprint_pure" in r:
        p = r["fingerprint_pure"]
        c = r.get("fingerprint_compiled")
        if c is not None:
            same = "same" if c["md5"] == p["md5"] else "DIFFERENT"
            rows.append(("log fingerprint, compiled", c["md5"], f"{c['random_games']} random-player + {c['uniform_games']} uniform games"))
            rows.append(("log fingerprint, pure", p["md5"], f"compiled and pure: {same}"))
        else:
            rows.append(("log fingerprint, pure", p["md5"], f"{p['random_games']} random-player + {p['uniform_games']} uniform games; not compiled"))
    if "instructions" in r:
        n = r["instructions"]
        rows.append(("instructions, six fixed games", f"{n['six_games'] / 1e6:,.0f} M",
                     f"{n['per_game'] / 1e6:,.1f} M a game (valgrind callgrind)"))
        rows.append((f"instructions, the bench's {BENCH_GAMES} games", f"{n['bench_games'] / 1e6:,.0f} M",
                     f"{n['bench_per_game'] / 1e6:,.1f} M a game (random player, seeds 1000 on)"))
        rows.append(("instructions, a clone", f"{n['clone'] / 1e3:,.0f} k", "a mid-game state"))
    if "cache" in r:
        c = r["cache"]
        rows.append(("six fixed games: instructions", f"{c['instructions'] / 1e6:,.2f} M",
                     "valgrind cachegrind, its caches and branch predictor simulated"))
        rows.append(("… first-level instruction-cache misses", f"{c['i1_misses'] / 1e6:,.2f} M",
                     "32 KB, 8 ways, 64-byte lines"))
        rows.append(("… mispredicted branches", f"{c['cond_mispredicts'] / 1e6:,.2f} M",
                     f"conditional; indirect {c['ind_mispredicts'] / 1e6:,.2f} M"))
    if "profile" in r:
        p = r["profile"]
        rows.append((f"{p['workload']}, a function's own instructions", f"{p['total'] / 1e6:,.1f} M",
                     "valgrind callgrind, the import subtracted function by function"))
        for name, n in p["functions"]:
            rows.append((f"  {name}", f"{n / 1e6:,.2f} M", f"{100 * n / p['total']:.2f} %"))
    if "build" in r:
        b = r["build"]
        rows.append(("generate (check + lower + emit)", f"{b['generate_s']:.1f} s", "while the core compiles"))
        rows.append(("full build (core + every rulebook's units)", f"{b['full_build_s']:.0f} s",
                     f"target < 90 s; {b['full_build_cpu_s']:.0f} s of CPU"))
        rows.append(("rebuild after one general changes", f"{b['one_general_rebuild_s']:.1f} s", "target < 15 s"))
        rows.append(("import + register the engine", f"{b['import_register_s'] * 1000:.0f} ms", "target < 500 ms"))
    return rows
