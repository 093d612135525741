"""Replay a JSON-lines log and verify it byte for byte; rebuild a game from its header."""
import json

from .decision import Decision
from .engine import EngineError, IllegalAnswer

# what prims.new_game records in the header's ``setup`` besides the Game's own seed, n, first
SETUP_FIELDS = ("mode", "generals", "pack", "deck", "hand", "shuffle", "log_level")

# A log is untrusted input: the header is checked against these before anything is built
# (a header with "n": 10000000 would allocate ten million seats). The seeds are the RNG's
# 64 bits; the book's modes seat 2-10 players (身份局 4-10); a hand or a custom deck beyond
# these is no game sgs writes.
MAX_SEED = 2 ** 64 - 1
MAX_SEATS = 16
MAX_HAND = 40
MAX_DECK_CARDS = 1000
LOG_LEVELS = (1, 2)   # a log at level 0 has no lines to replay


class ReplayMismatch(EngineError):
    """The replay departs from the log. ``line``: the log's 1-based line where it does
    (None when no single line is to blame, e.g. an empty log)."""

    def __init__(self, msg, line=None):
        EngineError.__init__(self, msg)
        self.line = line


class HeaderError(ReplayMismatch):
    """The log's first entry is not a header the game can be rebuilt from. ``field``: the
    missing setup field, if that is the reason (a log written before it was recorded).
    ``line`` is None: the header is the log's first line."""

    def __init__(self, msg, field=None):
        ReplayMismatch.__init__(self, msg)
        self.field = field


class EngineFailed(ReplayMismatch):
    """The engine raised while replaying (``.line``: the first line it did not write): a
    bug, reproduced when the original log stops there too."""


def _q(line, most=300):
    """A log line as a message quotes it: at most ``most`` characters."""
    return line if len(line) <= most else line[:most] + "…"


def answers_of(lines):
    return [json.loads(l)["v"] for l in lines if l.startswith('{"e":"ans"')]


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _names(v, most):
    """A list of at most ``most`` names (str), or None."""
    return v is None or (isinstance(v, list) and len(v) <= most and all(isinstance(x, str) for x in v))


def check_header(header):
    """Raise HeaderError unless the header (a dict) describes a game within the limits
    above, every field of the type new_game takes: checked before anything is built."""
    if not isinstance(header, dict) or header.get("e") != "begin":
        raise HeaderError("the first entry is not a game's header ({\"e\":\"begin\",...})")
    setup = header.get("setup")
    if not isinstance(setup, dict):
        raise HeaderError("the header has no setup", field="setup")
    for k in ("seed", "n", "first"):
        if k not in header:
            raise HeaderError("the header has no %r" % (k,), field=k)
    for k in SETUP_FIELDS:
        if k not in setup:
            raise HeaderError("the header's setup has no %r" % (k,), field=k)
    seed, n, first = header["seed"], header["n"], header["first"]

    def bad(what, value, want):
        text = json.dumps(value, ensure_ascii=False)
        raise HeaderError("the header's %s is %s; it must be %s"
                          % (what, text if len(text) <= 40 else text[:40] + "…", want))

    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        bad("seed", seed, "a whole number from 0 to 2^64-1")
    if not _is_int(n) or not 1 <= n <= MAX_SEATS:
        bad("number of seats (n)", n, "a whole number from 1 to %d" % MAX_SEATS)
    if not _is_int(first) or not 0 <= first < n:
        bad("first seat", first, "a seat, from 0 to %d" % (n - 1))
    hand = setup["hand"]
    if not _is_int(hand) or not 0 <= hand <= MAX_HAND:
        bad("hand", hand, "a number of cards from 0 to %d" % MAX_HAND)
    if setup["log_level"] not in LOG_LEVELS or not _is_int(setup["log_level"]):
        bad("log_level", setup["log_level"], "1 or 2")
    if not isinstance(setup["shuffle"], bool):
        bad("shuffle", setup["shuffle"], "true or false")
    if setup["mode"] is not None and not isinstance(setup["mode"], str):
        bad("mode", setup["mode"], "a mode's name or null")
    gens = setup["generals"]
    if not (gens is None or (isinstance(gens, list) and len(gens) <= n
                             and all(g is None or isinstance(g, str) for g in gens))):
        bad("generals", gens, "null or a list of at most %d names (or null)" % n)
    if not _names(setup["pack"], 10000):
        bad("pack", setup["pack"], "null or a list of generals' names")
    deck = setup["deck"]
    if not (isinstance(deck, str) or (
            isinstance(deck, list) and len(deck) <= MAX_DECK_CARDS and all(
                isinstance(c, list) and len(c) == 3 and isinstance(c[0], str) and _is_int(c[1])
                and _is_int(c[2]) and 0 <= c[1] <= 3 and 1 <= c[2] <= 13 for c in deck))):
        bad("deck", deck, "a deck's name or at most %d cards [name, suit 0-3, point 1-13]"
            % MAX_DECK_CARDS)
    return setup


def game_from_header(module, header):
    """The game a log's header (its ``begin`` entry, a dict) describes: ``prims.new_game``
    on ``module`` (the ruleset) with the recorded seed, seats, first seat and setup, started.
    The header is checked first (check_header): a HeaderError says what is wrong."""
    from . import prims as P

    setup = check_header(header)
    try:
        return P.new_game(module, header["n"], seed=header["seed"], first=header["first"],
                          mode=setup["mode"], deck=setup["deck"], generals=setup["generals"],
                          pack=setup["pack"], hand=setup["hand"], shuffle=setup["shuffle"],
                          log_level=setup["log_level"])
    except KeyError as exc:   # a deck, card or general this ruleset does not have
        raise HeaderError("this ruleset cannot build the game the header describes: it has "
                          "no %s" % (exc.args[0] if exc.args else exc,))
    except (ValueError, TypeError, IndexError, EngineError) as exc:
        raise HeaderError("this ruleset cannot build the game the header describes (%s: %s)"
                          % (type(exc).__name__, exc))


def replay(log, make_game, first_line=1):
    """``log``: the text or list of lines of one game's log.  ``make_game(header)``
    builds the same game from the first log entry and returns it started (for a log of
    ``prims.new_game``: ``lambda h: game_from_header(module, h)``).  Feeds the logged
    answers and checks that the new log equals the old one, line by line.
    Returns the replayed Game: finished (``g.result``), or, when the log stops at a
    question nobody answered (an abandoned game), waiting at the same question
    (``g.pending``).  Raises ``ReplayMismatch`` (with ``.line``) where they differ,
    when a logged answer is not legal, or when the engine fails.  Line numbers count
    from ``first_line`` (where ``log`` starts in its file), blank lines included."""
    raw = log.splitlines() if isinstance(log, str) else [l.rstrip("\n") for l in log]
    nums = [first_line + k for k, l in enumerate(raw) if l]
    lines = [l for l in raw if l]
    if not lines:
        raise ReplayMismatch("empty log")

    def ln(k):   # the file's line number of lines[k] (past the end: counting on)
        return nums[k] if k < len(nums) else nums[-1] + 1 + k - len(nums)

    try:
        header = json.loads(lines[0])
    except (ValueError, RecursionError):
        raise HeaderError("line %d is not JSON (or nests too deeply)" % (ln(0),))
    g = make_game(header)
    ans = _answers(lines, ln)
    i = 0
    checked = _compare(g.log, lines, 0, ln)
    while True:
        try:
            r = g.step()
        except Exception as exc:   # an engine bug, or a log the engine reads differently
            same = (" where the log ends: the failure is reproduced"
                    if len(g.log) == len(lines) else "")
            raise EngineFailed("the engine failed after line %d%s: %s: %s"
                               % (ln(len(g.log) - 1), same, type(exc).__name__, exc),
                               ln(len(g.log)))
        checked = _compare(g.log, lines, checked, ln)
        if r is None:
            raise ReplayMismatch("step budget spent", ln(len(g.log)))
        if not isinstance(r, Decision):
            break
        if i >= len(ans):
            if len(g.log) == len(lines):   # the log stops at this question: unfinished game
                return g
            raise ReplayMismatch("line %d differs:\n  original: %s\n  replay:   (waits for "
                                 "an answer: %s)" % (ln(len(g.log)), _q(lines[len(g.log)]),
                                                     r.describe()), ln(len(g.log)))
        k, v = ans[i]
        try:
            g.answer(v)
        except IllegalAnswer as exc:
            raise ReplayMismatch("line %d: the logged answer is not legal here (%s): %s"
                                 % (ln(k), exc, _q(lines[k])), ln(k))
        i += 1
        checked = _compare(g.log, lines, checked, ln)
    if len(g.log) != len(lines):
        raise ReplayMismatch("line %d differs: the replay ended (%s), the original goes on:\n"
                             "  original: %s" % (ln(len(g.log)), r, _q(lines[len(g.log)])),
                             ln(len(g.log)))
    return g


def _answers(lines, ln):
    """(line index, value) of every logged answer."""
    out = []
    for k, l in enumerate(lines):
        if l.startswith('{"e":"ans"'):
            try:
                out.append((k, json.loads(l)["v"]))
            except (ValueError, KeyError, TypeError, RecursionError):
                raise ReplayMismatch("line %d is not a well-formed answer: %s" % (ln(k), _q(l)), ln(k))
    return out


def _compare(new, old, start, ln):
    """Check new[start:] against old; returns how far new is checked."""
    for k in range(start, min(len(new), len(old))):
        if new[k] != old[k]:
            raise ReplayMismatch("line %d differs:\n  original: %s\n  replay:   %s"
                                 % (ln(k), _q(old[k]), _q(new[k])), ln(k))
    if len(new) > len(old):
        k = len(old)
        raise ReplayMismatch("the original ends; the replay goes on with line %d: %s"
                             % (ln(k), _q(new[k])), ln(k))
    return len(new)
