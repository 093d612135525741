"""Self-describing logs and `sgs replay`: a log rebuilds its game from its header alone."""
from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.cli import main
from core import prims as P
from core.agents import RandomPlayer, play
from core.replay import SETUP_FIELDS, HeaderError, ReplayMismatch, game_from_header, replay

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def M():
    import generated.identity as M

    return M


def sgs(capsys, *args):
    rc = main(list(args))
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return rc, out.out, out.err


@pytest.fixture(scope="module")
def sim_log(tmp_path_factory):
    path = tmp_path_factory.mktemp("replay") / "sim.jsonl"
    assert main(["simulate", "--games", "3", "--seed", "7", "--json", "--log", str(path)]) == 0
    return path


def test_the_header_records_every_new_game_argument_that_changes_the_game(M):
    # a new parameter of new_game must be recorded (or listed here as not changing the game)
    not_recorded = {"module", "nplayers", "seed", "first", "start", "debug"}
    # from the source: a compiled new_game has no inspectable signature
    tree = ast.parse((ROOT / "core" / "prims" / "games.py").read_text(encoding="utf-8"))
    fn = next(f for f in tree.body if isinstance(f, ast.FunctionDef) and f.name == "new_game")
    params = {a.arg for a in fn.args.args + fn.args.kwonlyargs} - not_recorded
    assert params == set(SETUP_FIELDS)
    g = P.new_game(M, 4, seed=5, deck="标准版", pack=(), hand=2, first=1)
    header = json.loads(g.log[0])
    assert (header["seed"], header["n"], header["first"]) == (5, 4, 1)
    assert header["setup"] == {"mode": "身份局", "generals": None, "pack": [], "deck": "标准版",
                               "hand": 2, "shuffle": True, "log_level": 1, "rules": M.SPEC_HASH,
                               "rulebook": M.__name__.rsplit(".", 1)[-1]}


def test_a_custom_deck_and_blank_generals_replay_from_the_header_alone(M):
    deck = [("杀", "黑桃", 7)] * 30 + [("闪", "红桃", 2)] * 15 + [("桃", "红桃", 3)] * 5
    g = P.new_game(M, 4, seed=3, deck=deck, pack=(), log_level=2)
    play(g, RandomPlayer(3))
    assert json.loads(g.log[0])["setup"]["deck"][0] == ["杀", 0, 7]
    again = replay(g.log_text(), lambda h: game_from_header(M, h))
    assert again.log == g.log and again.result.winners == g.result.winners


def test_an_unfinished_game_replays_to_its_open_question(M):
    g = P.new_game(M, 5, seed=2)
    bot = RandomPlayer(2)
    for _ in range(40):
        g.answer(bot.choose(g, g.step()))
    d = g.step()
    again = replay(g.log, lambda h: game_from_header(M, h))
    assert again.result is None and again.pending.who == d.who and again.log == g.log


def test_simulate_log_replays_through_the_cli(capsys, sim_log):
    rc, out, err = sgs(capsys, "replay", str(sim_log))
    assert rc == 0, out + err
    oks = re.findall(r"^game (\d) \(line \d+\), seed (\d+): ok — (\d+) decisions, winners", out, re.M)
    assert [(k, s) for k, s, _ in oks] == [("1", "7"), ("2", "8"), ("3", "9")]
    rc, out, err = sgs(capsys, "replay", str(sim_log), "--game", "2")
    assert rc == 0 and out.count("ok —") == 1 and "seed 8" in out


def test_played_session_replays(tmp_path):
    answers = "".join("1\n1 2\n1 2 3\n1 2 3 4\n" for _ in range(5000))
    log = tmp_path / "game.jsonl"
    run = lambda *a, stdin=None: subprocess.run([sys.executable, "-m", "compiler.cli", *a], cwd=ROOT,
                                                input=stdin, capture_output=True, text=True, timeout=300)
    r = run("play", "--seed", "4", "--players", "4", "--log", str(log), stdin=answers)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    r = run("replay", str(log))
    # line 3: the file's count and the game's marker come first (compiler.logfile)
    assert r.returncode == 0 and re.search(r"game 1 \(line 3\), seed 4: ok — \d+ decisions, winners",
                                           r.stdout), r.stdout + r.stderr
    # a session abandoned at the first question still replays, to that question: incomplete,
    # an error unless --allow-partial
    r = run("play", "--seed", "4", "--log", str(log), stdin="")
    assert r.returncode == 1
    r = run("replay", str(log))
    assert r.returncode == 1 and "INCOMPLETE" in r.stdout and "--allow-partial" in r.stdout, \
        r.stdout + r.stderr
    r = run("replay", "--allow-partial", str(log))
    assert r.returncode == 0 and "INCOMPLETE — " in r.stdout and "the log stops at a question" in r.stdout, r.stdout + r.stderr


def tampered(sim_log, tmp_path, edit):
    lines = sim_log.read_text(encoding="utf-8").split("\n")
    k = edit(lines)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, k + 1


def test_an_altered_line_fails_at_that_line(capsys, sim_log, tmp_path):
    def edit(lines):
        k = next(i for i, l in enumerate(lines) if i > 100 and l.startswith('{"e":"hp"'))
        lines[k] = lines[k].replace('"d":-', '"d":-1')
        return k
    path, line = tampered(sim_log, tmp_path, edit)
    rc, out, err = sgs(capsys, "replay", str(path))
    assert rc == 1 and f"FAILED at {path}:{line}: line {line} differs" in out, out
    assert out.count("ok —") == 2   # the other games still replay


def test_a_changed_answer_fails(capsys, sim_log, tmp_path):
    def edit(lines):   # the first question with two int options: the other one
        for k, l in enumerate(lines):
            if l.startswith('{"e":"ans"') and lines[k - 1].startswith('{"e":"ask"'):
                ask, ans = json.loads(lines[k - 1]), json.loads(l)
                others = [o for o in ask["o"] if isinstance(o, int) and o != ans["v"]]
                if isinstance(ans["v"], int) and others:
                    ans["v"] = others[0]
                    lines[k] = json.dumps(ans, ensure_ascii=False, separators=(",", ":"))
                    return k
    path, line = tampered(sim_log, tmp_path, edit)
    rc, out, err = sgs(capsys, "replay", str(path), "--game", "1")
    failed = re.search(rf"FAILED at {re.escape(str(path))}:(\d+)", out)
    assert rc == 1 and failed and int(failed.group(1)) > line, out


def test_an_illegal_answer_fails_at_its_line(capsys, sim_log, tmp_path):
    def edit(lines):
        k = next(i for i, l in enumerate(lines) if l.startswith('{"e":"ans"'))
        lines[k] = re.sub(r'"v":.*\}$', '"v":[999]}', lines[k])
        return k
    path, line = tampered(sim_log, tmp_path, edit)
    rc, out, err = sgs(capsys, "replay", str(path))
    assert rc == 1 and f":{line}: line {line}: the logged answer is not legal here" in out, out


def test_another_deck_in_the_header_is_another_game(capsys, sim_log, tmp_path):
    # as a log made by another ruleset: the header's game is built, the lines differ
    text = sim_log.read_text(encoding="utf-8").replace('"deck":"标准版加军争"', '"deck":"标准版"', 1)
    path = tmp_path / "other.jsonl"
    path.write_text(text, encoding="utf-8")
    rc, out, err = sgs(capsys, "replay", str(path), "--game", "1")
    assert rc == 1 and re.search(r"FAILED at .*:\d+: line \d+ differs", out), out


@pytest.mark.parametrize("content, message", [
    (None, "no such file"),
    ("hello\n", "is not a game log: line 1 is not part of a game"),
    (b"\xff\xfe", "not UTF-8 text"),
    ('{"e":"begin","seed":1,"n":5,"first":0,"setup":{"mode":"身份局","generals":null}}\n',
     "the header's setup has no 'pack'"),
    ('{"e":"begin","seed":1,"n":5,"first":0,"setup":{"mode":"身份局","generals":null,"pack":null,'
     '"deck":"神话再临","hand":4,"shuffle":true,"log_level":1}}\n', "it has no 神话再临"),
])
def test_bad_files_get_a_clear_message(capsys, tmp_path, content, message):
    path = tmp_path / "x.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    rc, out, err = sgs(capsys, "replay", str(path))
    assert rc == 2 and message in err, err


def test_an_old_header_says_how_to_regenerate(capsys, sim_log, tmp_path):
    text = sim_log.read_text(encoding="utf-8").replace(',"deck":"标准版加军争"', "")
    path = tmp_path / "old.jsonl"
    path.write_text(text, encoding="utf-8")
    rc, out, err = sgs(capsys, "replay", str(path))
    assert rc == 2 and "has no 'deck'" in err and "regenerate it" in err, err
    rc, out, err = sgs(capsys, "replay", str(sim_log), "--game", "4")
    assert rc == 2 and "has 3 game(s)" in err


def test_replay_errors_carry_the_line(M):
    with pytest.raises(HeaderError):
        replay('{"e":"game"}\n', lambda h: game_from_header(M, h))
    g = P.new_game(M, 5, seed=1)
    play(g, RandomPlayer(1))
    with pytest.raises(ReplayMismatch) as e:
        replay(g.log[:-1], lambda h: game_from_header(M, h), first_line=10)
    assert e.value.line == 10 + len(g.log) - 1   # the replay goes on past the original's end


def test_a_failed_simulated_game_keeps_its_log(monkeypatch, M):
    from compiler import simulate
    import core.agents

    def failing_play(g, agent):   # an agent that fails after ten answers
        for _ in range(10):
            g.answer(agent.choose(g, g.step()))
        raise RuntimeError("agent failed")
    monkeypatch.setattr(core.agents, "play", failing_play)
    r = simulate.play_one((4, 5, "random", "标准版", "standard", True))
    assert r["error"] == "RuntimeError: agent failed"
    lines = r["log"].splitlines()
    assert lines[0].startswith('{"e":"begin"') and sum(l.startswith('{"e":"ans"') for l in lines) == 10
    # the engine did not fail there: the replay goes on where the log stops
    with pytest.raises(ReplayMismatch, match="the original ends") as e:
        replay(lines, lambda h: game_from_header(M, h))
    assert e.value.line == len(lines) + 1


class FailingEngine:
    """A game whose fifth step raises, as an engine bug would."""

    def __init__(self, g):
        self.g, self.log, self.steps = g, g.log, 0

    def step(self):
        self.steps += 1
        if self.steps == 5:
            raise KeyError("boom")
        return self.g.step()

    def answer(self, v):
        self.g.answer(v)


def test_an_engine_failure_is_reported_and_reproduced(M):
    from core.replay import EngineFailed

    g = P.new_game(M, 5, seed=6)
    play(g, RandomPlayer(6))
    make = lambda h: FailingEngine(game_from_header(M, h))
    with pytest.raises(EngineFailed, match="the engine failed after line") as e:
        replay(g.log, make)
    assert "reproduced" not in str(e.value)
    # a log that stops where the engine failed (as sgs simulate keeps it): reproduced
    with pytest.raises(EngineFailed, match="the failure is reproduced"):
        replay(g.log[:e.value.line - 1], make)


def test_a_differing_log_says_whether_the_rules_changed(capsys, sim_log, tmp_path, M):
    # the header records the specs' hash: a log made by other specs says so when it differs
    first = sim_log.read_text(encoding="utf-8").splitlines()
    header = json.loads(next(l for l in first if l.startswith('{"e":"begin"')))
    assert header["setup"]["rules"] == M.SPEC_HASH

    def edit(lines):
        k = next(i for i, l in enumerate(lines) if i > 100 and l.startswith('{"e":"hp"'))
        lines[k] = lines[k].replace('"d":-', '"d":-1')
        return k
    path, line = tampered(sim_log, tmp_path, edit)
    rc, out, err = sgs(capsys, "replay", str(path), "--game", "1")
    assert rc == 1 and "made by another version of the engine" in out, out
    other = tmp_path / "other-specs.jsonl"
    other.write_text(path.read_text(encoding="utf-8").replace(M.SPEC_HASH, "0123456789abcdef"),
                     encoding="utf-8")
    rc, out, err = sgs(capsys, "replay", str(other), "--game", "1")
    assert rc == 1 and "made by the specs 0123456789abcdef" in out and M.SPEC_HASH in out, out
