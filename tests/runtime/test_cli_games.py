"""`sgs simulate` and `sgs play` on the generated engine (CI runs `sgs build` first)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def sgs(*args, stdin=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def test_simulate_json_report():
    r = sgs("simulate", "--games", "6", "--seed", "11", "--json")
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    rep = json.loads(r.stdout)
    assert rep["games"] == 6 and rep["error_count"] == 0
    assert set(rep["win_rate_by_role"]) == {"主公", "忠臣", "反贼", "内奸"}
    assert rep["mean_turns"] > 0 and rep["mean_timings"] > 0 and rep["mean_decisions"] > 0
    assert isinstance(rep["never_activated"], list)


def test_simulate_is_reproducible():
    a = sgs("simulate", "--games", "3", "--seed", "5", "--json")
    b = sgs("simulate", "--games", "3", "--seed", "5", "--json")
    drop = lambda t: {k: v for k, v in json.loads(t).items() if k not in ("seconds", "games_per_second")}
    assert drop(a.stdout) == drop(b.stdout)


def test_scripted_play_session_finishes_a_game(tmp_path):
    # a person who picks the first option(s): each line in turn offers 1, 2, 3 or 4 numbers,
    # so every decision finds an acceptable line within four (the rest are re-asked)
    answers = "".join("1\n1 2\n1 2 3\n1 2 3 4\n" for _ in range(5000))
    log = tmp_path / "game.jsonl"
    r = sgs("play", "--seed", "3", "--seat", "0", "--log", str(log), stdin=answers)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "游戏结束" in r.stdout and "你的手牌" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines and all(json.loads(x) for x in lines)


def test_play_survives_end_of_input():
    r = sgs("play", "--seed", "3", stdin="")
    assert r.returncode == 1 and "input ended" in r.stdout and "Traceback" not in r.stderr


def test_game_options_are_checked_before_playing():
    # a player count the mode does not start with, an unknown deck or agent: a message with
    # what is accepted and exit 2, not a game that ends at once or a traceback
    for args, words in ((("play", "--players", "11"), "accepts 4–10"),
                        (("simulate", "--players", "3", "--games", "1"), "accepts 4–10"),
                        (("play", "--deck", "foo"), "unknown deck 'foo'"),
                        (("play", "--agents", "foo"), "unknown agents 'foo'"),
                        # a pack no folder of specs/generals is (山 is one since the 山 pack)
                        (("play", "--generals", "standard,无此包"), "unknown pack '无此包'"),
                        (("simulate", "--generals", "无此包", "--games", "1"), "unknown pack '无此包'")):
        r = sgs(*args, stdin="")
        assert r.returncode == 2 and words in r.stdout + r.stderr, (args, r.stdout, r.stderr)
        assert "Traceback" not in r.stdout + r.stderr
    r = sgs("play", "--deck", "standard", "--seed", "2", stdin="")   # the alias simulate accepts
    assert r.returncode == 1 and "input ended" in r.stdout and "Traceback" not in r.stderr


def test_play_deals_from_the_named_packs():
    """Issue 16: sgs play --generals standard,风,火 deals from the three packs (the 风 and 火
    generals among the choices shown)."""
    r = sgs("play", "--generals", "风,火", "--seed", "2", stdin="")
    assert r.returncode == 1 and "input ended" in r.stdout and "Traceback" not in r.stderr
    assert any(name in r.stdout for name in ("夏侯渊", "曹仁", "黄忠", "魏延", "小乔", "周泰", "张角", "于吉",
                                             "典韦", "荀彧", "庞统", "卧龙诸葛亮", "太史慈", "袁绍", "颜良文丑", "庞德"))


def test_simulate_and_play_say_when_they_run_uncompiled():
    # issue 15: a note on stderr, with the reason (here SGS_PURE=1), and the same games
    import os

    env = dict(os.environ, SGS_PURE="1")
    r = subprocess.run([sys.executable, "-m", "compiler.cli", "simulate", "--games", "1", "--json"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "sgs simulate: running uncompiled" in r.stderr and "SGS_PURE=1 is set" in r.stderr
    p = subprocess.run([sys.executable, "-m", "compiler.cli", "play", "--seat", "0"], cwd=ROOT,
                       input="", capture_output=True, text=True, timeout=300, env=env)
    assert "sgs play: running uncompiled" in p.stderr and "SGS_PURE=1 is set" in p.stderr
    if "SGS_PURE" not in os.environ:
        import core

        if core.uncompiled_reason() is None:   # built: the compiled run says nothing
            c = sgs("simulate", "--games", "1", "--json")
            assert "running uncompiled" not in c.stderr


# ---------------------------------------------------------------- 战棋 (issue 19)
def test_play_zhanqi_draws_the_board_and_replays(tmp_path):
    """`sgs play --mode 战棋`: the board as a text grid with the pieces, flags and camps, the
    draft's, placement's and movement's choices numbered (moves by square); the game ends and
    `sgs replay` re-plays its log."""
    answers = "".join("1\n1 2\n1 2 3\n" for _ in range(8000))
    log = tmp_path / "zhanqi.jsonl"
    r = sgs("play", "--mode", "战棋", "--seed", "4", "--log", str(log), stdin=answers, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    out = r.stdout
    assert "游戏结束" in out and "Traceback" not in out + r.stderr
    assert "暖本" in out and "冷本" in out and "分数：暖方" in out   # the grid and the scores
    assert "选择武将（为暖方选择" in out and "放置武将棋子" in out
    assert "声明位移" in out and "1) 停止声明该移动" in out and "移动至第" in out
    rp = sgs("replay", str(log), timeout=600)
    assert rp.returncode == 0 and "ok" in rp.stdout, rp.stdout[-2000:] + rp.stderr[-2000:]


def test_zhanqi_game_options():
    r = sgs("simulate", "--mode", "战棋", "--players", "5", "--games", "1", stdin="")
    assert r.returncode == 2 and "战棋 cannot be played by 5 players" in r.stderr and "accepts 6" in r.stderr
    r = sgs("timings", "--mode", "战棋")
    assert r.returncode == 0 and "## 事件 移动" in r.stdout and "| 移动事件 |" in r.stdout
