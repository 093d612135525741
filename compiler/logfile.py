"""The game-log file of `sgs simulate --log` and `sgs play --log`, written and read.

    {"e":"log","games":3}          the file's first line: how many games it holds
    {"e":"game","k":1,"seed":7}    before each game: its number in the file and its seed
    {"e":"begin",...}              the game's own log (the engine's, header first)
    …
    {"e":"game","k":2,"seed":8}
    …

The count and the numbers make an edited file detectable: a game deleted, duplicated or moved
(its marker's number out of order, the count not met, a marker's seed not its header's). The
engine's log of one game on its own (``g.log_text()``, a bug report) is read too: one game
without the first line or a marker.

Reading is lazy and bounded (compiler.files): a line longer than MAX_LINE_BYTES or a game
larger than MAX_GAME_BYTES is refused, so any file replays in bounded memory, one game at a
time. The behaviour fingerprint hashes the engine's logs, never these lines.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from . import files

LOG = '{"e":"log"'
GAME = '{"e":"game"'
BEGIN = '{"e":"begin"'
# the longest line sgs writes is a header with a custom deck (a few KB); a game of the
# uniform agent, the longest kind, has ~330 KB of log
MAX_LINE_BYTES = 1 << 20
MAX_GAME_BYTES = 64 << 20
MAX_GAMES = 10 ** 9


def file_header(games: int) -> str:
    return json.dumps({"e": "log", "games": games}, separators=(",", ":")) + "\n"


def game_marker(k: int, seed: int) -> str:
    return json.dumps({"e": "game", "k": k, "seed": seed}, separators=(",", ":")) + "\n"


class NotALog(Exception):
    """The file is not a game log sgs can read (exit status 2)."""


class Edited(Exception):
    """The file's own record (count, numbers, seeds) does not hold: games deleted, duplicated
    or moved (exit status 1)."""


@dataclass
class LoggedGame:
    k: int                                       # its number in the file, from 1
    first_line: int                              # the header's line number in the file
    lines: list = field(default_factory=list)    # from the header on (blank lines kept)
    seed: object = None                          # its marker's seed (None: no marker)


def _json(text: str, no: int, what: str):
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise NotALog(f"line {no} is not a well-formed {what}: {text[:80]}") from None


def _whole(v, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


class Reader:
    """The games of a log file, one at a time (``games()``); ``declared``: the count its
    first line gives (None for a single game's log without it)."""

    def __init__(self, fh):
        self.lines = files.read_lines(fh, MAX_LINE_BYTES)
        self.declared = None
        self.count = 0
        self.pending = None   # a line read ahead

    def _next(self):
        if self.pending is not None:
            item, self.pending = self.pending, None
            return item
        try:
            no, raw = next(self.lines)
        except StopIteration:
            return None
        except files.TooLarge as exc:
            raise NotALog(str(exc)) from None
        try:
            return no, raw.decode("utf-8")
        except UnicodeDecodeError:
            raise NotALog(f"line {no} is not UTF-8 text") from None

    def games(self):
        marker = None   # (k, seed, line) of the marker read, waiting for its game
        started = False
        while True:
            item = self._next()
            if item is None:
                break
            no, line = item
            if not started and line.strip():
                started = True
                if line.startswith(LOG):
                    head = _json(line, no, "file header")
                    if not isinstance(head, dict) or not _whole(head.get("games"), 0, MAX_GAMES):
                        raise NotALog(f'line {no}: the file header must be {{"e":"log","games":N}}')
                    self.declared = head["games"]
                    continue
            if line.startswith(LOG):
                raise NotALog(f"line {no}: a second file header")
            if line.startswith(GAME):
                if marker is not None:
                    raise Edited(f"line {no}: game {marker[0]}'s marker (line {marker[2]}) has no game")
                if self.declared is None:
                    raise NotALog(f'line {no}: a game marker, but the file does not say how many '
                                  f'games it holds (its first line is not {{"e":"log","games":N}}: '
                                  f"written by an older sgs? make it again with this one)")
                m = _json(line, no, "game marker")
                if not isinstance(m, dict) or not _whole(m.get("k"), 1, MAX_GAMES) or \
                        not _whole(m.get("seed"), 0, 2 ** 64 - 1):
                    raise NotALog(f'line {no}: a game marker must be {{"e":"game","k":K,"seed":S}}')
                if m["k"] != self.count + 1:
                    raise Edited(f"line {no}: game {m['k']} where game {self.count + 1} should be "
                                 f"(games deleted, duplicated or moved)")
                marker = (m["k"], m["seed"], no)
                continue
            if line.startswith(BEGIN):
                if self.declared is not None and marker is None:
                    raise Edited(f"line {no}: a game without its marker "
                                 f'({{"e":"game","k":K,"seed":S}})')
                if self.declared is None and self.count:
                    raise NotALog(f"line {no}: a second game, but the file does not say how many "
                                  f'games it holds (its first line is not {{"e":"log","games":N}})')
                self.count += 1
                if self.declared is not None and self.count > self.declared:
                    raise Edited(f"line {no}: game {self.count}, but the file says it holds "
                                 f"{self.declared}")
                yield self._game(no, line, marker)
                marker = None
                continue
            if line.strip():
                raise NotALog(f"line {no} is not part of a game (a game starts with its header, "
                              f'{BEGIN},...}}): {line[:80]}')
        if marker is not None:
            raise Edited(f"line {marker[2]}: game {marker[0]}'s marker has no game (the file was cut?)")
        if self.count == 0 and self.declared is None:
            raise NotALog(f"no game header ({BEGIN},...}}) in it")
        if self.declared is not None and self.count != self.declared:
            raise Edited(f"the file says it holds {self.declared} game(s); it holds {self.count} "
                         f"(games deleted, or the file was cut)")

    def _game(self, no, line, marker) -> LoggedGame:
        g = LoggedGame(self.count, no, [line], None if marker is None else marker[1])
        if marker is not None:
            try:
                seed = json.loads(line).get("seed")
            except (ValueError, RecursionError, AttributeError):
                seed = None   # a header that is no JSON object: the replay says so
            if isinstance(seed, int) and not isinstance(seed, bool) and seed != marker[1]:
                raise Edited(f"line {no}: game {g.k}'s header has the seed {str(seed)[:30]}, its "
                             f"marker (line {marker[2]}) the seed {marker[1]} (games moved or edited)")
        size = len(line)
        while True:
            item = self._next()
            if item is None:
                return g
            if item[1].startswith((GAME, BEGIN, LOG)):
                self.pending = item
                return g
            size += len(item[1]) + 1
            if size > MAX_GAME_BYTES:
                raise NotALog(f"game {g.k} (line {no}) is larger than {MAX_GAME_BYTES:,} bytes, "
                              f"the limit for a game")
            g.lines.append(item[1])
