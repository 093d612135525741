"""`sgs bench`'s measuring functions run and measure what they say (never how fast: tests
do not time things; the figures are docs/performance.md's)."""
import pytest

import core
from compiler import bench as B
from core import bench as CB
from core import engine as E
from core.ruleset import Ruleset


def test_timing_loops_fire_the_timing_n_times():
    # the loop program fires its timing once per step until f.c timings were fired
    rs = Ruleset()
    t = rs.timing("T")
    hits = []
    s = rs.skill("S", t, lambda g, f: hits.append(f.a) or E.DONE, forced=True)
    loop = rs.program("loop", CB._fire_loop, log=False)
    g = E.Game(rs, 5, seed=1, log_level=0)
    g.grant_skill(0, s)
    g.start(loop)
    g.stack[0].a, g.stack[0].c = t, 7
    assert isinstance(g.step(), E.GameResult)
    assert g.n_timings == 7 and hits == [t] * 7


def test_measures_are_positive_times():
    assert CB.bench_fire(False, 2000) > 0
    assert CB.bench_fire(True, 500, triggers=False) > 0
    assert CB.bench_fire_call(2000) > 0
    assert CB.bench_flow_fire(2000) > 0


def test_render_names_every_target():
    games = {"compiled": True, "games_per_s": 20.0, "wall_games_per_s": 19.0, "timings_per_s": 1e5,
             "mean_timings": 5000, "mean_decisions": 700, "mean_turns": 60, "peak_rss_mb": 30}
    fire = {"compiled": True, "no_listener_ns": 30, "loop_ns": 25, "fire_call_ns": 5,
            "flow_fire_ns": 200, "idle_listener_ns": 200, "running_listener_ns": 500}
    clone = {"compiled": True, "clone_us": 4.0, "clones_per_s": 250000, "stack": 5, "turn": 10}
    out = B.render({"engine": {"compiled": True, "reason": None},
                    "check": {"files": 89, "identity_files": 55, "identity_s": 0.4, "all_s": 0.9, "repeat": 3,
                              "rulebooks": {"identity": 0.4, "identity_old": 0.45, "zhanqi": 0.2}},
                    "games_random_player": games, "games_compiled": games,
                    "games_pure": dict(games, compiled=False),
                    "games_random_player_pure": dict(games, compiled=False),
                    "compiled_over_pure": 1.0, "random_compiled_over_pure": 1.0,
                    "fire_compiled": fire, "fire_pure": fire,
                    "clone_compiled": clone, "clone_pure": dict(clone, compiled=False)})
    for target in ("target < 1000 ms", "target ≥ 1000", "target ≥ 30×", "target ≤ 20 ns",
                   "target ≤ 5 µs", "target ≤ 33 MB"):
        assert target in out
    assert "NOT COMPILED" not in out


def test_render_says_how_much_of_the_build_is_profile_guided():
    # decision 0303: the compiled figures' build, with gcc's counts or without them
    def line(profile):
        out = B.render({"engine": {"compiled": True, "reason": None, "profile": profile}})
        (row,) = [r for r in out.splitlines() if "profile-guided build" in r]
        return row
    assert "40 of 40 modules" in line({"trained": 40, "used": 40, "without": []})
    row = line({"trained": 40, "used": 38, "without": ["core.engine", "core.prims.base"]})
    assert "38 of 40" in row and "core.engine, core.prims.base" in row and "sgs build --pgo" in row
    assert "no profile" in line({"trained": 0, "used": 0, "without": []})


def test_an_uncompiled_engine_reports_no_compiled_figure():
    # issue 15: without current .so files (or with SGS_PURE=1) the report says why, and
    # nothing in it is labelled compiled
    games = {"compiled": False, "games_per_s": 5.0, "wall_games_per_s": 5.0, "timings_per_s": 3e4,
             "mean_timings": 5000, "mean_decisions": 700, "mean_turns": 60, "peak_rss_mb": 30}
    why = "generated/ .so files older than their sources: identity_flows (run `sgs build`)"
    out = B.render({"engine": {"compiled": False, "reason": why},
                    "games_pure": games, "games_random_player_pure": games,
                    "fire_pure": {"compiled": False, "no_listener_ns": 900},
                    "clone_pure": {"compiled": False, "clone_us": 400, "clones_per_s": 2500},
                    "fingerprint_pure": {"compiled": False, "random_games": 20,
                                         "uniform_games": 10, "md5": "a" * 32}})
    assert "ENGINE NOT COMPILED" in out and why in out
    assert "compiled" not in out.replace("NOT COMPILED", "").replace("not compiled", "")


def test_status_worker_says_why_the_engine_is_uncompiled():
    import os
    import subprocess
    import sys

    env = dict(os.environ, SGS_PURE="1")
    r = subprocess.run([sys.executable, "-c", B.STATUS_WORKER], cwd=B.REPO, env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert '"compiled": false' in r.stdout and "SGS_PURE=1 is set" in r.stdout


def test_an_instructions_run_refuses_to_count_an_uncompiled_engine():
    # each callgrind run checks for itself (a source edited between the runs makes one pure):
    # it fails, saying why, rather than count the pure engine's instructions
    import os
    import subprocess
    import sys

    env = dict(os.environ, SGS_PURE="1")
    r = subprocess.run([sys.executable, "-c", B.INSTRUCTIONS_WORKER, "import"], cwd=B.REPO, env=env,
                       capture_output=True, text=True)
    assert r.returncode != 0 and "uncompiled: SGS_PURE=1 is set" in r.stderr


@pytest.mark.skipif(core.uncompiled_reason() is not None,
                    reason="INSTRUCTIONS_WORKER counts the compiled engine only")
def test_the_bench_games_counted_are_the_games_the_bench_times():
    # `--what instructions` counts (and `--what profile` profiles) the first BENCH_GAMES games
    # `--what games` times with the random player, as it makes and plays them (step 274): two of
    # them here, their timings the same as GAME_WORKER's
    import os
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-c", B.INSTRUCTIONS_WORKER, "bench2"], cwd=B.REPO,
                       env=dict(os.environ, PYTHONHASHSEED="0"), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    timed = B.worker(B.GAME_WORKER, 2, 1, 5, "标准版加军争", "random")
    assert int(r.stdout.split()[-1]) == round(timed["mean_timings"] * 2) > 0


def test_clone_worker_measures_a_mid_game_clone():
    got = B.worker(B.CLONE_WORKER, 3)
    assert got["turn"] >= 10 and got["stack"] > 0 and got["clone_us"] > 0


def test_fingerprint_rows_say_whether_compiled_and_pure_agree():
    fp = {"compiled": True, "random_games": 20, "uniform_games": 10, "md5": "a" * 32}
    same = B.render({"fingerprint_compiled": fp, "fingerprint_pure": dict(fp, compiled=False)})
    assert "compiled and pure: same" in same
    other = B.render({"fingerprint_compiled": fp, "fingerprint_pure": dict(fp, md5="b" * 32)})
    assert "DIFFERENT" in other


def test_game_worker_plays_with_either_agent():
    # one seeded game each: the uniform answerer and sgs simulate's random player play it
    # differently (the random player's games are shorter: it mostly uses what it can)
    uni = B.worker(B.GAME_WORKER, 1, 1, 5, "标准版加军争", "uniform")
    rnd = B.worker(B.GAME_WORKER, 1, 1, 5, "标准版加军争", "random")
    assert uni["agent"] == "uniform" and rnd["agent"] == "random"
    assert uni["mean_timings"] > 0 and rnd["mean_timings"] > 0
    assert uni["mean_timings"] != rnd["mean_timings"]
    out = B.render({"games_compiled": uni, "games_pure": uni, "compiled_over_pure": 1.0,
                    "games_random_player": rnd})
    assert "compiled, random player" in out


def test_fingerprint_hashes_the_games_not_their_headers():
    # the md5 of the level-2 logs without the header (setup and specs' hash): editing a
    # ruling or a comment changes the header, never the games
    import hashlib

    from core import prims as P
    from core.agents import RandomPlayer, play
    import generated.identity as M

    got = B.worker(B.FINGERPRINT_WORKER, 1, 0)
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=2)
    play(g, RandomPlayer(1))
    assert g.log[0].startswith('{"e":"begin"')
    hashed = B.fingerprint_bytes(g)
    assert got["md5"] == hashlib.md5(hashed).hexdigest()
    assert b'"e":"begin"' not in hashed and M.SPEC_HASH.encode() not in hashed
    # a trigger question's options by name (the ids of hidden skills shift with the packs)
    asks = [line for line in hashed.decode().splitlines() if '"k": "trigger"' in line]
    assert asks and all('"o": ["' in line or '"o": []' in line for line in asks)


def test_fingerprint_logs_are_the_bytes_it_hashes(tmp_path):
    # --logs DIR: one file per game, whose bytes in order are what the md5 hashed
    import hashlib

    got = B.worker(B.FINGERPRINT_WORKER, 2, 1, str(tmp_path))
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["r01.log", "r02.log", "u1000.log"]
    h = hashlib.md5()
    for n in names:
        h.update((tmp_path / n).read_bytes())
    assert got["md5"] == h.hexdigest()


def test_rulebook_worker_plays_each_rulebook_it_names():
    # issue 15: the packs, 战棋 and the old edition on the same runtime, cost per timing each;
    # one game per run: each plays its own mode and edition (战棋: 6 players on a board)
    runs = [B.worker(B.RULEBOOK_WORKER, key, generals, 1, 1) for key, generals in B.RULEBOOK_RUNS]
    assert [q["rulebook"] for q in runs] == [key for key, _ in B.RULEBOOK_RUNS]
    assert "风" in runs[1]["generals"].split(",")   # "every": the packs by name
    assert {q["mode"] for q in runs} == {"身份局", "战棋"}
    assert {q["edition"] for q in runs} == {"current", "old"}
    assert all(q["mean_timings"] > 0 and q["ns_per_timing"] > 0 for q in runs)
    # the same seed dealt from other packs, or under the other edition, is another game
    assert len({q["mean_timings"] for q in runs}) == len(runs)
    out = B.render({"rulebooks": runs})
    assert out.count("cost per timing") == len(runs) and "1.00× the first" in out


def test_a_rulebook_run_names_an_unknown_pack():
    import pytest

    with pytest.raises(RuntimeError, match="unknown pack"):
        B.worker(B.RULEBOOK_WORKER, "identity", "standard,nosuchpack", 1, 1)


def test_peak_memory_is_the_workers_own():
    # Linux carries ru_maxrss over exec from the forked parent: a worker started by a large
    # `sgs bench` process (it parses every spec first) reported the parent's peak
    import resource

    big = b"x" * (160 << 20)   # written, so resident: this process peaks above 160 MB
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 > 160
    got = B.worker(B.GAME_WORKER, 1, 1, 5, "标准版加军争", "random")
    del big
    assert 0 < got["peak_rss_mb"] < 120


# what callgrind_annotate prints for a profile (its header, the totals, then one line per
# function: the count, its share, file:function, [object]); the names as they come
ANNOTATED = """\
--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
1,500 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                   file:function
--------------------------------------------------------------------------------
600 (40.00%)  ???:__pyx_f_4core_6engine_4Game__candidates [/w/core/engine.cpython-311-x86_64-linux-gnu.so]
300 (20.00%)  /tmp/Python-3.11.7/Objects/dictobject.c:_Py_dict_lookup [/root/lib/libpython3.11.so.1.0]
200 (13.33%)  ???:Py_DECREF [/w/core/prims/use.cpython-311-x86_64-linux-gnu.so]
100 ( 6.67%)  ???:Py_DECREF [/w/core/prims/flow.cpython-311-x86_64-linux-gnu.so]
 50 ( 3.33%)  /tmp/Python-3.11.7/Objects/listobject.c:list_dealloc'2 [/root/lib/libpython3.11.so.1.0]
 50 ( 3.33%)  /tmp/Python-3.11.7/Objects/listobject.c:list_dealloc [/root/lib/libpython3.11.so.1.0]
200 (13.33%)  ???:__pyx_f_4core_5prims_4flow_fire [/w/core/prims/flow.cpython-311-x86_64-linux-gnu.so]
"""


def test_a_profile_reads_each_functions_own_instructions():
    costs = B.self_costs(ANNOTATED)
    assert costs == {"core.engine.Game._candidates (engine)": 600, "_Py_dict_lookup (libpython3)": 300,
                     # a helper every Cython module has, named by whichever module ran it: summed
                     "Py_DECREF (Cython modules)": 300,
                     # a recursive call's instructions are its function's
                     "list_dealloc (libpython3)": 100, "core.prims.flow.fire (flow)": 200}
    assert sum(costs.values()) == 1500   # the totals line is not a function


def test_cython_names_are_undone_or_left_as_they_are():
    assert B._python_name("4core_5prims_6status__query") == "core.prims.status._query"
    assert B._python_name("9generated_14identity_flows_prog_ee37686978") == \
        "generated.identity_flows.prog_ee37686978"
    # not length-prefixed parts: the C name is kept
    assert B._python_name("core_fire") is None and B._python_name("9short_x") is None
    assert B.function_name("???:__pyx_f_9short_x", "/w/a.cpython-311.so") == "__pyx_f_9short_x (a)"


def test_a_cython_helper_of_every_module_is_summed_under_one_name():
    # the same helper is named by whichever module's copy callgrind saw first: in the import run
    # by one unit, in the games' run by another (their difference is no cost of the games)
    so = "/w/generated/%s.cpython-311-x86_64-linux-gnu.so"
    for fn in ("__pyx_lzss_decompress", "__pyx_CyFunction_init", "__pyx_pymod_create"):
        assert B.function_name("???:" + fn, so % "identity") == B.function_name("???:" + fn, so % "u6797") \
            == fn + " (Cython modules)"
    # a module's own functions keep its name
    assert B.function_name("???:__pyx_pymod_exec_use", so % "use") == "__pyx_pymod_exec_use (use)"
    assert B.function_name("???:__pyx_pw_4core_5prims_4flow_97invalidate", so % "flow") == \
        "__pyx_pw_4core_5prims_4flow_97invalidate (flow)"
    assert B.function_name("???:__pyx_lambda_funcdef_lambda1", so % "usable") == "__pyx_lambda_funcdef_lambda1 (usable)"


def test_a_profile_subtracts_the_import_function_by_function(monkeypatch):
    # k's instructions are named differently in the two runs (k2): the total is still the
    # difference of the runs' totals
    six = "900 (1%)  ???:f [/l/libpython3.11.so]\n100 (1%)  ???:g [/l/libpython3.11.so]\n"
    runs = {"import": "600 (1%)  ???:f [/l/libpython3.11.so]\n100 (1%)  ???:g [/l/libpython3.11.so]\n"
                      "50 (1%)  ???:k [/l/libpython3.11.so]\n",
            "games": six, "bench%d" % B.BENCH_GAMES: "900 (1%)  ???:f [/l/libpython3.11.so]\n100 (1%)  ???:g [/l/libpython3.11.so]\n"
                     "500 (1%)  ???:h [/l/libpython3.11.so]\n50 (1%)  ???:k2 [/l/libpython3.11.so]\n"}
    calls = []

    def fake_callgrind(code, what, out):
        calls.append(what)
        open(out, "w").write(runs[what])
        return 0

    class Done:
        returncode, stderr = 0, ""

        def __init__(self, path):
            self.stdout = open(path).read()

    monkeypatch.setattr(B, "callgrind", fake_callgrind)
    monkeypatch.setattr(B.subprocess, "run", lambda argv, **kw: Done(argv[-1]))
    monkeypatch.setattr("shutil.which", lambda name: "/bin/x")
    got = B.bench_profile(top=5)
    # by default the bench's own games (the targets' workload: step 274), not the six games
    assert calls == ["import", "bench%d" % B.BENCH_GAMES]
    assert got == {"workload": "the bench's %d random-player games" % B.BENCH_GAMES, "total": 800,
                   "functions": [["h (libpython3)", 500], ["f (libpython3)", 300],
                                 ["k2 (libpython3)", 50]]}
    assert B.bench_profile(top=1)["functions"] == [["h (libpython3)", 500]]
    calls.clear()
    six_games = B.bench_profile(top=5, workload="six")
    assert calls == ["import", "games"]
    assert six_games["workload"] == "six fixed games" and six_games["total"] == 250
    assert "six fixed games, a function's own instructions" in B.render({"profile": six_games})


def test_cachegrind_summary_read():
    # `--what cache` (decision 0303): the four counts of cachegrind's summary, not its rates
    summary = """==29541== I   refs:      650,633,354
==29541== I1  misses:      8,750,067
==29541== LLi misses:         71,614
==29541== I1  miss rate:        1.34%
==29541== Branches:      114,027,679  ( 99,862,948 cond + 14,164,731 ind)
==29541== Mispredicts:    10,851,319  (  5,967,442 cond +  4,883,877 ind)
==29541== Mispred rate:          9.5% (        6.0%     +       34.5%   )
"""
    assert B.cache_counts(summary) == {"instructions": 650633354, "i1_misses": 8750067,
                                       "cond_mispredicts": 5967442, "ind_mispredicts": 4883877}
    out = B.render({"cache": {"instructions": 42_770_000, "i1_misses": 2_170_000,
                              "cond_mispredicts": 800_000, "ind_mispredicts": 300_000}})
    assert "42.77 M" in out and "2.17 M" in out and "indirect 0.30 M" in out
