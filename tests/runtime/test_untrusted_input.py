"""Arguments and logs are untrusted input (issue 17): every bad value gets a clear message and a
non-zero exit before any work is done, never a traceback, a hang or memory spent on it.

The replay-tampering cases edit a real `sgs simulate --log` file the ways a careless or
hostile user would (games deleted, duplicated, moved; headers out of range, of the wrong type,
nested, huge; a log cut after a question; files that are no log at all) and check `sgs replay`
says so with the right exit status. A seeded mutator adds random edits: a few in the normal
run, 2,000 under `pytest -m soak`.
"""
from __future__ import annotations

import json
import os
import random
import re

import pytest

from compiler.cli import main

MAX = 2 ** 64 - 1


def sgs(capsys, *args):
    rc = main([str(a) for a in args])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return rc, out.out, out.err


# ---------------------------------------------------------------- arguments


@pytest.mark.parametrize("args, message", [
    (["bench", "--repeat", "0"], "--repeat 0: must be a whole number from 1"),
    (["bench", "--games", "-1"], "--games -1: must be a whole number from 1"),
    (["simulate", "--games", "-5"], "--games -5: must be a whole number from 1"),
    (["simulate", "--games", "0"], "--games 0: must be a whole number from 1"),
    (["simulate", "--jobs", "0"], "--jobs 0: must be a whole number from 1"),
    (["simulate", "--jobs", "-4"], "--jobs -4: must be a whole number from 1"),
    (["simulate", "--jobs", "100000"], "one process a core of this machine"),
    (["simulate", "--seed", "-1"], "--seed -1: a game's seed"),
    (["simulate", "--seed", str(MAX + 1), "--games", "1"], "must be a whole number from 0 to 2^64-1"),
    (["simulate", "--seed", str(MAX), "--games", "2"], "(… --seed + games - 1)"),
    (["simulate", "--players", "1000000"], "cannot be played by 1000000 players; it accepts 4–10"),
    (["simulate", "--players", "0"], "it accepts 4–10"),
    (["simulate", "--players", "-3"], "it accepts 4–10"),
    (["simulate", "--players", "3"], "cannot be played by 3 players (it ends before the first turn)"),
    (["play", "--players", "1000000000"], "cannot be played by 1000000000 players"),
    (["play", "--seed", str(MAX + 1)], "must be a whole number from 0 to 2^64-1"),
    (["play", "--seat", "9"], "--seat must be between 0 and 4"),
    (["replay", "x.jsonl", "--game", "0"], "--game 0: games are numbered from 1"),
])
def test_bad_arguments_are_refused_first(capsys, args, message):
    rc, out, err = sgs(capsys, *args)
    assert rc == 2 and message in out + err, out + err


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_log_that_cannot_be_written_is_said_before_playing(capsys, tmp_path, command):
    target = tmp_path / "missing" / "games.jsonl"
    rc, out, err = sgs(capsys, command, "--log", target, "--seed", 3)
    assert rc == 2 and "the folder" in out + err and "does not exist" in out + err, out + err
    assert "games/s" not in out and "游戏结束" not in out   # nothing was played
    rc, out, err = sgs(capsys, command, "--log", tmp_path, "--seed", 3)   # a folder
    assert rc == 2 and "cannot write the log" in out + err, out + err


def test_a_logs_folder_that_cannot_be_made_is_said_before_playing(capsys, tmp_path):
    rc, out, err = sgs(capsys, "bench", "--what", "fingerprint", "--logs", tmp_path / "a" / "b")
    assert rc == 2 and "the folder" in err and "does not exist" in err, out + err
    (tmp_path / "f").write_text("x")
    rc, out, err = sgs(capsys, "bench", "--what", "fingerprint", "--logs", tmp_path / "f")
    assert rc == 2 and "it is not a folder" in err, out + err
    rc, out, err = sgs(capsys, "bench", "--what", "quick", "--logs", tmp_path / "g")
    assert rc == 2 and "--logs goes with --what fingerprint" in err and not (tmp_path / "g").exists()
    assert "fingerprint" not in out


# ---------------------------------------------------------------- replay: tampered logs


@pytest.fixture(scope="module")
def log_lines(tmp_path_factory):
    path = tmp_path_factory.mktemp("untrusted") / "sim.jsonl"
    assert main(["simulate", "--games", "3", "--seed", "7", "--json", "--log", str(path)]) == 0
    return path.read_text(encoding="utf-8").split("\n")


def games_of(lines):
    """(the file header, [each game's lines from its marker on])."""
    marks = [i for i, line in enumerate(lines) if line.startswith('{"e":"game"')]
    return lines[0], [lines[a:b] for a, b in zip(marks, marks[1:] + [len(lines)])]


def header_edit(lines, change):
    """The first game alone, its header changed by ``change(dict)``."""
    _, games = games_of(lines)
    first = games[0]
    h = json.loads(first[1])
    change(h)
    return ['{"e":"log","games":1}', first[0], json.dumps(h, ensure_ascii=False, separators=(",", ":"))] + first[2:]


def cut_after_question(lines):
    _, games = games_of(lines)
    first = games[0]
    k = next(i for i in range(len(first) // 2, 0, -1) if first[i].startswith('{"e":"ask"'))
    return ['{"e":"log","games":1}'] + first[:k + 1]


def deep_answer(lines):
    k = next(i for i, x in enumerate(lines) if x.startswith('{"e":"ans"'))
    return lines[:k] + ['{"e":"ans","who":0,"v":' + "[" * 100000 + "]" * 100000 + "}"] + lines[k + 1:]


def swap(games, a, b):
    games = list(games)
    games[a], games[b] = games[b], games[a]
    return games


TAMPERED = {
    # name: (edit, exit status, a piece of the message)
    "a game deleted": (lambda L: [games_of(L)[0]] + sum(games_of(L)[1][::2], []), 1,
                       "game 3 where game 2 should be"),
    "a game duplicated": (lambda L: [games_of(L)[0]] + sum(games_of(L)[1][:2] + games_of(L)[1][1:], []), 1,
                          "game 2 where game 3 should be"),
    "two games swapped": (lambda L: [games_of(L)[0]] + sum(swap(games_of(L)[1], 1, 2), []), 1,
                          "game 3 where game 2 should be"),
    "the last game deleted": (lambda L: [games_of(L)[0]] + sum(games_of(L)[1][:2], []), 1,
                              "the file says it holds 3 game(s); it holds 2"),
    "the count removed": (lambda L: L[1:], 2, "does not say how many games it holds"),
    "the count raised": (lambda L: ['{"e":"log","games":4}'] + L[1:], 1, "says it holds 4 game(s); it holds 3"),
    "the count a string": (lambda L: ['{"e":"log","games":"3"}'] + L[1:], 2, 'must be {"e":"log","games":N}'),
    "a marker's seed": (lambda L: [L[0], L[1].replace('"seed":7', '"seed":8')] + L[2:], 1,
                        "its marker (line 2) the seed 8"),
    "cut after a question": (cut_after_question, 1, "INCOMPLETE"),
    "first seat out of range": (lambda L: header_edit(L, lambda h: h.update(first=7)), 2,
                                "first seat is 7; it must be a seat, from 0 to 4"),
    "first seat negative": (lambda L: header_edit(L, lambda h: h.update(first=-1)), 2, "first seat is -1"),
    "hand out of range": (lambda L: header_edit(L, lambda h: h["setup"].update(hand=10 ** 9)), 2,
                          "hand is 1000000000"),
    "hand negative": (lambda L: header_edit(L, lambda h: h["setup"].update(hand=-4)), 2, "hand is -4"),
    "seed a string": (lambda L: header_edit(L, lambda h: h.update(seed="7")), 2, 'seed is "7"'),
    "seed a float": (lambda L: header_edit(L, lambda h: h.update(seed=7.0)), 2, "seed is 7.0"),
    "seed a bool": (lambda L: header_edit(L, lambda h: h.update(seed=True)), 2, "seed is true"),
    "seed 2^64": (lambda L: header_edit(L, lambda h: h.update(seed=2 ** 64)), 1, "the seed 18446744073709551616"),
    "seed negative": (lambda L: header_edit(L, lambda h: h.update(seed=-7)), 1, "the seed -7"),
    "ten million seats": (lambda L: header_edit(L, lambda h: h.update(n=10 ** 7)), 2,
                          "number of seats (n) is 10000000"),
    "10^20 seats": (lambda L: header_edit(L, lambda h: h.update(n=10 ** 20)), 2, "is 100000000000000000000"),
    "a 5000-digit number": (lambda L: [L[0], L[1], L[2].replace('"seed":7', '"seed":' + "9" * 5000, 1)] + L[3:],
                            2, "line 3 is not JSON"),
    "a deeply nested header": (lambda L: [L[0], L[1], '{"e":"begin","seed":' + "[" * 100000 + "]" * 100000 + "}"]
                               + L[3:], 2, "line 3 is not JSON (or nests too deeply)"),
    "a deeply nested answer": (lambda L: deep_answer(L), 1, "is not a well-formed answer"),
    "a game of 70 MB": (lambda L: L[:5] + ["x" * 1000000] * 70 + L[5:], 2, "larger than 67,108,864 bytes"),
    "a log_level of 0": (lambda L: header_edit(L, lambda h: h["setup"].update(log_level=0)), 2, "log_level is 0"),
    "a custom deck of junk": (lambda L: header_edit(L, lambda h: h["setup"].update(deck=[["杀", 9, 99]])), 2,
                              "the header's deck is"),
    "terminal controls in a line": (lambda L: L[:6] + ['{"e":"x","t":"\x1b[2J\x1b]0;pwned\x07\u202e"}'] + L[6:],
                                    1, "line 7 differs"),
    "a line of 2 MB": (lambda L: L[:5] + ["x" * (2 << 20)] + L[5:], 2, "line 6 is longer than 1,048,576 bytes"),
    "a second file header": (lambda L: L[:5] + ['{"e":"log","games":3}'] + L[5:], 2, "a second file header"),
    "not part of a game": (lambda L: L[:1] + ["hello"] + L[1:], 2, "line 2 is not part of a game"),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_a_tampered_log_is_caught(capsys, tmp_path, log_lines, name):
    edit, status, message = TAMPERED[name]
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(edit(list(log_lines))), encoding="utf-8")
    rc, out, err = sgs(capsys, "replay", path)
    assert rc == status and message in out + err, (rc, (out + err)[-3000:])
    assert "\x1b" not in out + err and "\u202e" not in out + err   # shown escaped


def test_a_cut_log_is_accepted_with_allow_partial(capsys, tmp_path, log_lines):
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(cut_after_question(list(log_lines))), encoding="utf-8")
    rc, out, err = sgs(capsys, "replay", "--allow-partial", path)
    assert rc == 0 and "INCOMPLETE — " in out and "the log stops at a question to seat" in out, out + err


def test_the_untouched_log_replays(capsys, tmp_path, log_lines):
    path = tmp_path / "same.jsonl"
    path.write_text("\n".join(log_lines), encoding="utf-8")
    rc, out, err = sgs(capsys, "replay", path)
    assert rc == 0 and out.count(": ok —") == 3, out + err


def test_files_that_are_no_log(capsys, tmp_path):
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)   # nobody writes it: opening it must not wait
    for path, message in [("/dev/zero", "it is a device, not a regular file"),
                          (fifo, "it is a FIFO (named pipe), not a regular file"),
                          (tmp_path, "it is a folder"),
                          (tmp_path / "none.jsonl", "no such file")]:
        rc, out, err = sgs(capsys, "replay", path)
        assert rc == 2 and message in err, (path, err)
    (tmp_path / "bytes.jsonl").write_bytes(b'{"e":"log","games":1}\n\xff\xfe\n')
    rc, out, err = sgs(capsys, "replay", tmp_path / "bytes.jsonl")
    assert rc == 2 and "line 2 is not UTF-8 text" in err, err


def test_spec_files_that_are_no_file(capsys, tmp_path):
    fifo = tmp_path / "fifo.sgs"
    os.mkfifo(fifo)
    for path, message in [("/dev/zero", "it is a device"), (fifo, "it is a FIFO")]:
        rc, out, err = sgs(capsys, "check", "--no-rulings", path)
        assert rc == 1 and "error[SGS001]" in out and message in out, out + err


# ---------------------------------------------------------------- replay: random edits


def canonical(lines):
    """What a log file says, whatever its blank lines and key order: edits that keep it are
    not tampering."""
    out = []
    for line in lines:
        if not line.strip():
            continue
        try:
            out.append(json.dumps(json.loads(line), sort_keys=True) if line.startswith('{"e":"game"')
                       else line)
        except (ValueError, RecursionError):
            out.append(line)
    return out


JUNK = ['{"e":"ans","who":0,"v":[1]}', '{"e":"game","k":2,"seed":8}', '{"e":"log","games":3}', "",
        '{"e":"begin","seed":7,"n":5,"first":0,"setup":{}}', "[]", "{}", "null", '"\x1b[2J"',
        '{"e":"ans","who":0,"v":' + "[" * 3000 + "]" * 3000 + "}", "\u2028", "9" * 400]


def tamper(lines, rng):
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(lines))
        op = rng.randrange(7)
        if op == 0:
            del lines[k]
        elif op == 1:
            lines.insert(k, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
        elif op == 3:
            lines.insert(k, rng.choice(JUNK))
        elif op == 4:   # a number changed
            lines[k] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.choice([1, -1, 10 ** 20])),
                              lines[k], count=1)
        elif op == 5:   # cut the file here
            lines = lines[:k]
        else:   # a character changed
            if lines[k]:
                i = rng.randrange(len(lines[k]))
                lines[k] = lines[k][:i] + rng.choice('{}[]",:0a\x00\\') + lines[k][i + 1:]
    return lines


def run_tamper(capsys, tmp_path, log_lines, seed):
    rng = random.Random(seed)
    edited = tamper(log_lines, rng)
    path = tmp_path / f"t{seed}.jsonl"
    path.write_text("\n".join(edited), encoding="utf-8", errors="surrogatepass")
    rc, out, err = sgs(capsys, "replay", path)
    assert rc in (0, 1, 2), (seed, rc)
    if canonical(edited) != canonical(log_lines):
        assert rc != 0, (seed, out[-2000:])
    path.unlink()


@pytest.mark.parametrize("seed", range(8))
def test_random_edits_are_caught(capsys, tmp_path, log_lines, seed):
    run_tamper(capsys, tmp_path, log_lines, seed)


@pytest.mark.soak
def test_random_edits_soak(capsys, tmp_path, log_lines):
    for seed in range(100, 2100):
        run_tamper(capsys, tmp_path, log_lines, seed)


# ---------------------------------------------------------------- input sizes


def test_a_piped_answer_is_read_within_its_limit(capsys, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("1" * 100000))   # as `sgs play < /dev/zero`
    rc, out, err = sgs(capsys, "play", "--seed", 3)
    assert rc == 1 and "an answer longer than 4,096 characters; game abandoned" in out, out[-500:]


def test_a_folder_of_too_many_files(capsys, tmp_path):
    for i in range(2001):
        (tmp_path / f"f{i:04d}.sgs").write_text("", encoding="utf-8")
    rc, out, err = sgs(capsys, "check", "--no-rulings", tmp_path)
    assert rc == 1 and "error[SGS005]" in out and "more than 2,000 .sgs files" in out, out


def test_specs_beyond_the_run_limit_are_not_read(capsys, tmp_path, monkeypatch):
    from compiler import project

    monkeypatch.setattr(project, "MAX_RUN_BYTES", 300_000)   # the bundled specs have 223 KB
    big = tmp_path / "big.sgs"
    big.write_text("# 注释\n" * 20000, encoding="utf-8")
    rc, out, err = sgs(capsys, "check", "--no-rulings", big)
    assert rc == 1 and "error[SGS005]" in out and "may have 300,000 bytes together" in out, out


def test_generated_code_beyond_its_limit_is_refused(capsys, monkeypatch, tmp_path):
    from compiler import emit

    monkeypatch.setattr(emit, "MAX_INSTRUCTIONS", 100)   # the bundled specs make ~1,200
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    spec = tmp_path / "t.sgs"
    spec.write_text("武将 测试 魏 男 4\n  〖测试〗你受到伤害后，你摸一张牌。\n", encoding="utf-8")
    rc, out, err = sgs(capsys, "check", spec)
    assert rc == 1 and "instructions of generated code; the limit is 100" in err, err
