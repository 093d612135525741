"""Replay a JSON-lines log and verify it byte for byte."""
import json

from .engine import Decision, EngineError


class ReplayMismatch(EngineError):
    pass


def answers_of(lines):
    return [json.loads(l)["v"] for l in lines if l.startswith('{"e":"ans"')]


def replay(log, make_game):
    """``log``: the text or list of lines of a game log.  ``make_game(header)``
    builds the same game (ruleset + setup) from the first log entry (which has
    seed, n, first and the caller's ``setup``) and returns it started.  Feeds
    the logged answers and checks that the new log equals the old one.
    Returns the replayed Game."""
    lines = log.splitlines() if isinstance(log, str) else [l.rstrip("\n") for l in log]
    lines = [l for l in lines if l]
    if not lines:
        raise ReplayMismatch("empty log")
    header = json.loads(lines[0])
    g = make_game(header)
    ans = answers_of(lines)
    i = 0
    while True:
        r = g.step()
        if r is None:
            raise ReplayMismatch("step budget spent")
        if not isinstance(r, Decision):
            break
        if i >= len(ans):
            raise ReplayMismatch("the replay asks more decisions than the log answers "
                                 "(%s)" % (r.describe(),))
        g.answer(ans[i])
        i += 1
        _compare(g.log, lines)
    _compare(g.log, lines)
    if len(g.log) != len(lines):
        raise ReplayMismatch("log length differs: replay %d lines, original %d"
                             % (len(g.log), len(lines)))
    return g


def _compare(new, old):
    for k in range(min(len(new), len(old))):
        if new[k] != old[k]:
            raise ReplayMismatch("line %d differs:\n  original: %s\n  replay:   %s"
                                 % (k + 1, old[k], new[k]))
    if len(new) > len(old):
        raise ReplayMismatch("replay produced extra line %d: %s" % (len(old) + 1, new[len(old)]))
