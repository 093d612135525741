"""Phrases: match the words of a clause against the vocabulary the specs declare.

A term's pattern (`〔甲：角色〕摸〔X：数〕张牌`) is a sequence of literal words and typed slots.
Matching a phrase of type T at position i returns every way to read a prefix of the phrase
as a T; a packrat memo makes it linear-ish, and a fixpoint loop lets patterns start with a
slot of their own type (`〔甲：角色〕的上家` is a 角色). Among complete readings the most
specific wins: the one that matches the most literal characters (declared words beat
variables beat built-ins); ties go to the earliest declaration.

Built-in atoms need no declaration: numerals (一 两 … 十, digits), variables in scope
(flow parameters, slot names, loop variables, `X为…` definitions), 【牌名】 〖技能〗 「标记」,
declared timing names (type 时机), and the hidden implied subject (IMPLIED) that stands
for "the one doing this" in a clause written without a subject.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from .source import Span

IMPLIED = "\u0001"  # the implied subject (skill owner, chooser, flow subject)
OPERATION = "操作"  # the result "type" of operation terms (no 为 in their header)

NUMERAL = re.compile(r"[0-9]+|[一二两三四五六七八九十]+")
CN_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
BRACKETS = {"【": ("】", "牌名"), "〖": ("〗", "技能"), "「": ("」", "标记"), "“": ("”", "名称")}

# Reading is superlinear in a phrase's length and ambiguity (a chain of 40 且 takes 155,000
# steps, of 150 a hundred million): a phrase may take MAX_PHRASE_WORK steps, the phrases of a
# check run MAX_RUN_WORK together (Vocabulary.work_left, set by the checker); beyond, the
# reading stops with ReadingTooCostly (docs/errors.md SGS008). The bundled specs' costliest
# phrase takes ~500 steps, all of them ~15,000.
MAX_PHRASE_WORK = 100_000
MAX_RUN_WORK = 2_000_000
# the phrases' candidate terms kept for the run (Vocabulary.cands; the bundled specs: ~3,000)
CANDIDATES_KEPT = 20_000


class ReadingTooCostly(Exception):
    """A phrase took more than its steps to read (``run``: the run's steps are spent)."""

    def __init__(self, phrase: str, run: bool, alternatives: int = 0):
        super().__init__(phrase)
        self.phrase = phrase.replace(IMPLIED, "")
        self.run = run
        self.alternatives = alternatives   # the ／ of a phrase that has too many (else 0)


def numeral_value(text: str) -> int:
    if text.isdigit():
        return int(text)
    if text == "十":
        return 10
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (CN_DIGITS.get(tens, 1) * 10) + (CN_DIGITS.get(ones, 0) if ones else 0)
    value = 0
    for ch in text:
        value = value * 10 + CN_DIGITS[ch]
    return value


# ---------------------------------------------------------------- patterns


@dataclass(frozen=True)
class Lit:
    text: str


@dataclass(frozen=True)
class Slot:
    name: str
    type: str


@dataclass
class Term:
    """One declared wording of a term (a pattern with several ／ wordings gives several)."""

    key: str  # the whole pattern as declared: identifies the term
    parts: tuple
    type: str  # result type, or OPERATION
    primitive: Optional[str]
    span: Span
    order: int  # declaration order, for deterministic tie-breaking
    decl: object = None  # the TermDecl

    def __post_init__(self):
        # the literal words of the pattern: all must occur in a phrase it reads
        self.words = tuple(p.text for p in self.parts if isinstance(p, Lit))
        self.word_set = frozenset(self.words)

    @property
    def skeleton(self) -> str:
        return "".join(p.text if isinstance(p, Lit) else "〔" + p.type + "〕" for p in self.parts)


class PatternError(ValueError):
    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


SLOT_RE = re.compile(r"〔([^〔〕：]+)：([^〔〕：]+)〕")


def split_alternatives(pattern: str) -> list[tuple[str, int]]:
    """Split on ／ outside 〔〕; returns (wording, offset) pairs."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(pattern):
        if ch == "〔":
            depth += 1
        elif ch == "〕":
            depth -= 1
        elif ch == "／" and depth == 0:
            out.append((pattern[start:i], start))
            start = i + 1
    out.append((pattern[start:], start))
    return out


def parse_pattern(wording: str, base: int = 0) -> tuple:
    """`〔甲：角色〕摸〔X：数〕张牌` -> (Slot(甲,角色), Lit(摸), Slot(X,数), Lit(张牌))."""
    parts: list = []
    pos = 0
    if not wording:
        raise PatternError("empty wording in a term pattern", base)
    for m in SLOT_RE.finditer(wording):
        if m.start() > pos:
            parts.append(Lit(normalise_phrase(wording[pos : m.start()])))
        parts.append(Slot(m.group(1), m.group(2)))
        pos = m.end()
    if pos < len(wording):
        parts.append(Lit(normalise_phrase(wording[pos:])))
    for i, p in enumerate(parts):
        if isinstance(p, Lit) and ("〔" in p.text or "〕" in p.text):
            off = wording.find("〔") if "〔" in p.text else wording.find("〕")
            raise PatternError("a slot is written 〔名：类型〕", base + max(off, 0))
        if i and isinstance(p, Slot) and isinstance(parts[i - 1], Slot):
            off = wording.find("〔" + p.name)
            raise PatternError("two slots side by side cannot be told apart; put a word between them", base + off)
    return tuple(parts)


def normalise_phrase(text: str) -> str:
    """Phrases and patterns compare in one form: full-width comma inside {} becomes ','."""
    return text.replace("，", ",") if "{" in text else text


# ---------------------------------------------------------------- match trees


@dataclass
class Match:
    """A reading of a phrase: a term (or built-in) with the readings of its slots."""

    kind: str  # "term" | "number" | "var" | "ref" | "timing" | "implied"
    type: str
    start: int
    end: int
    text: str
    term: Optional[Term] = None
    args: dict = field(default_factory=dict)  # slot name -> Match
    score: int = 0  # literal characters matched, for preference

    def describe(self) -> str:
        if self.kind == "term":
            inner = ", ".join(f"{k}={v.describe()}" for k, v in self.args.items())
            return f"{self.term.key}({inner})" if inner else self.term.key
        if self.kind == "implied":
            return "(implied subject)"
        return f"{self.kind}:{self.text}"

    def terms_used(self):
        if self.term is not None:
            yield self.term
        for a in self.args.values():
            yield from a.terms_used()


# ---------------------------------------------------------------- vocabulary


class Vocabulary:
    """Types, terms and timings of one edition, indexed for matching."""

    def __init__(self):
        self.types: dict[str, set[str]] = {}  # type -> types it contains (transitively, itself too)
        self.terms: list[Term] = []
        self.by_type: dict[str, list[Term]] = {}
        self.timings: dict[str, list] = {}  # timing name -> [(event name, TimingStmt)]
        self.work_left: Optional[int] = None  # steps the run's readings may still take (None: no cap)
        self.longest_word = 0  # the longest literal word of a term (Matcher.substrings)
        # (phrase, type) -> the terms of that type whose words the phrase has (Matcher.candidates):
        # the same phrase is read by several clauses; at most CANDIDATES_KEPT, emptied by index()
        self.cands: dict[tuple[str, str], tuple] = {}
        # type -> (its terms by their longest word, those without words, the set of those
        # words): a phrase's candidate terms are looked up by the words it holds
        self.keyed: dict[str, tuple] = {}
        self._timings_by_first: dict[str, list[str]] = {}   # timings_from
        self._timing_count = 0

    def timings_from(self, ch: str):
        """The timing names a phrase may read at a character ``ch``: those that start with it,
        in the order of ``timings`` (all of them if one is empty: it starts anywhere)."""
        if self._timing_count != len(self.timings):   # (re)built when timings were added
            self._timings_by_first = {}
            for name in self.timings:
                self._timings_by_first.setdefault(name[:1], []).append(name)
            self._timing_count = len(self.timings)
        if "" in self._timings_by_first:
            return self.timings
        return self._timings_by_first.get(ch, ())

    # -- types
    def add_type(self, name: str, contains: list[str]):
        self.types.setdefault(name, {name}).update(contains)

    def close_types(self):
        changed = True
        while changed:
            changed = False
            for t, subs in self.types.items():
                for s in list(subs):
                    extra = self.types.get(s, set()) - subs
                    if extra:
                        subs |= extra
                        changed = True

    def accepts(self, wanted: str, have: str) -> bool:
        return wanted == have or have in self.types.get(wanted, ())

    # -- terms
    def add_term(self, term: Term):
        self.terms.append(term)

    def index(self):
        self.close_types()
        self.by_type = {}
        self.longest_word = max((len(w) for t in self.terms for w in t.words), default=0)
        for t in sorted(self.terms, key=lambda t: t.order):
            for wanted in list(self.types) + [OPERATION]:
                if self.accepts(wanted, t.type):
                    self.by_type.setdefault(wanted, []).append(t)
        self.cands = {}
        self.keyed = {}
        for wanted, terms in self.by_type.items():
            by_word: dict[str, list[tuple[int, Term]]] = {}
            wordless = []
            for rank, t in enumerate(terms):   # rank: the term's place in by_type
                if t.words:
                    by_word.setdefault(max(t.words, key=len), []).append((rank, t))
                else:
                    wordless.append((rank, t))
            self.keyed[wanted] = (by_word, wordless, frozenset(by_word))


# ---------------------------------------------------------------- the matcher


class Matcher:
    """Reads one phrase. `scope` maps variable names to their types."""

    def __init__(self, vocab: Vocabulary, phrase: str, scope: dict[str, str]):
        self.v = vocab
        self.s = phrase
        self.scope = scope
        # longest variable names first, so 受到伤害的角色 beats 角色
        self.vars = sorted(scope.items(), key=lambda kv: (-len(kv[0]), kv[0]))
        self.memo: dict[tuple[str, int], dict[int, Match]] = {}
        self.active: set[tuple[str, int]] = set()
        self.done: set[tuple[str, int]] = set()
        self.grew = False
        self.reentry = False
        self.relaxed = False  # slots accept any type: used to explain type errors
        self.work = 0  # steps taken (MAX_PHRASE_WORK)
        self.cands: dict[str, tuple] = {}  # type -> (by first char, slot-first) terms possible here
        self._subs: Optional[frozenset] = None

    def read(self, wanted: str) -> Optional[Match]:
        """The best complete reading of the whole phrase as `wanted`, or None."""
        return self.parse_all(wanted, 0).get(len(self.s))

    def parse_all(self, wanted: str, i: int) -> dict[int, Match]:
        """Parse to a fixpoint: a pass that met left recursion (a key re-entered while being
        computed) and found something new is repeated with what it found as the seed, so
        indirect left recursion (角色 → 牌 → 角色 …) converges too."""
        while True:
            self.done: set[tuple[str, int]] = set()
            self.grew = False
            self.reentry = False
            result = self.parse(wanted, i)
            if not (self.reentry and self.grew):
                return result

    # -- core
    def parse(self, wanted: str, i: int) -> dict[int, Match]:
        key = (wanted, i)
        if key in self.done:
            return self.memo[key]
        if key in self.active:
            self.reentry = True  # left recursion: use the seed, grow it next pass
            return self.memo.get(key, {})
        cur = self.memo.setdefault(key, {})
        self.active.add(key)
        try:
            found = self._compute(wanted, i)
        finally:
            self.active.discard(key)
        for end, m in found.items():
            old = cur.get(end)
            if old is None or m.score > old.score:
                cur[end] = m
                self.grew = True
        self.done.add(key)
        return cur

    def _offer(self, out: dict[int, Match], m: Match):
        old = out.get(m.end)
        if old is None or m.score > old.score:
            out[m.end] = m

    def _compute(self, wanted: str, i: int) -> dict[int, Match]:
        s, out = self.s, {}
        if i >= len(s):
            return out
        accepts = self.v.accepts
        # the implied subject
        if s[i] == IMPLIED and accepts(wanted, "角色"):
            self._offer(out, Match("implied", "角色", i, i + 1, IMPLIED))
        # variables in scope
        for name, vtype in self.vars:
            if s.startswith(name, i) and (self.relaxed or accepts(wanted, vtype)):
                self._offer(out, Match("var", vtype, i, i + len(name), name, score=len(name)))
        # numerals
        if accepts(wanted, "数") or self.relaxed:
            m = NUMERAL.match(s, i)
            if m:
                self._offer(out, Match("number", "数", i, m.end(), m.group(), score=0))
                # 2X: a numeral times a variable (〖血裔〗 手牌上限+2X)
                for name, vtype in self.vars:
                    if vtype == "数" and s.startswith(name, m.end()):
                        end = m.end() + len(name)
                        k = Match("number", "数", i, m.end(), m.group())
                        x = Match("var", "数", m.end(), end, name, score=len(name))
                        self._offer(out, Match("product", "数", i, end, s[i:end], args={"k": k, "x": x},
                                               score=len(name)))
        # bracketed names
        ch = s[i]
        if ch in BRACKETS:
            close, btype = BRACKETS[ch]
            j = s.find(close, i + 1)
            if j > i and (self.relaxed or accepts(wanted, btype)):
                self._offer(out, Match("ref", btype, i, j + 1, s[i + 1 : j], score=0))
        # timing names
        if accepts(wanted, "时机"):
            for name in self.v.timings_from(ch):
                if s.startswith(name, i):
                    self._offer(out, Match("timing", "时机", i, i + len(name), name, score=len(name)))
        # declared terms
        for term in self.candidates(wanted, ch):
            first = term.parts[0]
            if isinstance(first, Lit) and not s.startswith(first.text, i):
                continue
            for end, args, score in self._match_parts(term.parts, 0, i):
                self._offer(out, Match("term", term.type, i, end, s[i:end], term, args, score))
        return out

    def candidates(self, wanted: str, ch: str) -> list[Term]:
        """Terms of type `wanted` that may start at character `ch` of this phrase: only those
        whose every word occurs in the phrase (computed once per type and phrase text)."""
        c = self.cands.get(wanted)
        if c is None:
            key = (self.s, wanted)
            c = self.v.cands.get(key)
            if c is None:
                c = self._candidates(wanted)
                if len(self.v.cands) < CANDIDATES_KEPT:
                    self.v.cands[key] = c
            self.cands[wanted] = c
        by_first, slot_first, merged = c
        a = by_first.get(ch)
        if not a:
            return slot_first
        if not slot_first:
            return a
        both = merged.get(ch)
        if both is None:
            both = merged[ch] = sorted(a + slot_first, key=lambda t: t.order)
        return both

    def _candidates(self, wanted: str) -> tuple:
        """(terms by the first character of their first word, terms that start with a slot,
        the two merged by first character: filled as asked)."""
        by_first: dict[str, list[Term]] = {}
        slot_first: list[Term] = []
        keyed = self.v.keyed.get(wanted)
        if keyed is None:
            return by_first, slot_first, {}
        by_word, wordless, words = keyed
        subs = self.substrings()
        # the terms whose longest word the phrase holds, then whose every word it holds, in
        # their order in by_type
        found = [rt for w in words & subs for rt in by_word[w] if rt[1].word_set <= subs] + wordless
        found.sort(key=lambda rt: rt[0])
        for _, t in found:
            first = t.parts[0]
            if isinstance(first, Lit):
                by_first.setdefault(first.text[0], []).append(t)
            else:
                slot_first.append(t)
        return by_first, slot_first, {}

    def substrings(self) -> frozenset:
        """Every piece of the phrase as long as a term's word can be (and ""): a term's words
        all occur in the phrase when they are a subset of these (one set test per term, where
        a substring search per word was the checker's largest cost)."""
        if self._subs is None:
            s, n, k = self.s, len(self.s), self.v.longest_word
            self._subs = frozenset([""] + [s[i:j] for i in range(n) for j in range(i + 1, min(n, i + k) + 1)])
        return self._subs

    def _charge(self, n: int):
        self.work += n
        left = self.v.work_left
        if left is not None:
            self.v.work_left = left = left - n
        if self.work > MAX_PHRASE_WORK or (left is not None and left < 0):
            raise ReadingTooCostly(self.s, self.work <= MAX_PHRASE_WORK)

    def _match_parts(self, parts, k: int, i: int):
        self._charge(1)
        if k == len(parts):
            yield i, {}, 0
            return
        p = parts[k]
        if isinstance(p, Lit):
            if self.s.startswith(p.text, i):
                for end, args, score in self._match_parts(parts, k + 1, i + len(p.text)):
                    yield end, args, score + len(p.text)
            return
        slot_type = p.type if not self.relaxed else "*"
        readings = self.parse(slot_type, i) if slot_type != "*" else self._parse_any(i)
        self._charge(len(readings))
        for mid, m in list(readings.items()):
            if mid == i:
                continue
            for end, args, score in self._match_parts(parts, k + 1, mid):
                yield end, {p.name: m, **args}, score + m.score

    def _parse_any(self, i: int) -> dict[int, Match]:
        out: dict[int, Match] = {}
        for t in sorted(self.v.types):
            for end, m in self.parse(t, i).items():
                self._offer(out, m)
        return out


def read_phrase(vocab: Vocabulary, phrase: str, wanted: str, scope: dict[str, str]) -> Optional[Match]:
    return Matcher(vocab, phrase, scope).read(wanted)


def explain_failure(vocab: Vocabulary, phrase: str, wanted: str, scope: dict[str, str]):
    """Why a phrase did not read: (term, slot, the slot's words) when a term fits but a slot
    has the wrong type, else None."""
    if len(phrase) > 40:  # explaining is a relaxed parse of every type: keep it for short phrases
        return None
    m = Matcher(vocab, phrase, scope)
    m.relaxed = True
    full = m.parse_all(wanted, 0).get(len(phrase))
    if full is None or full.term is None:
        return None
    strict = Matcher(vocab, phrase, scope)
    for slot in full.term.parts:
        if isinstance(slot, Slot):
            arg = full.args.get(slot.name)
            if arg is None:
                continue
            if strict.parse_all(slot.type, arg.start).get(arg.end) is None:
                return full.term, slot, phrase[arg.start:arg.end].replace(IMPLIED, "") or arg.text, arg.type
    return None


def _common_chars(a: str, b: str) -> int:
    """How many characters of ``a`` occur in ``b`` in the same order (longest common subsequence)."""
    prev = [0] * (len(b) + 1)
    for ca in a:
        cur = [0]
        for j, cb in enumerate(b):
            cur.append(prev[j] + 1 if ca == cb else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def closest_terms(phrase: str, terms, limit: int = 3) -> list[Term]:
    """The terms whose literal words a phrase that reads as none of them nearly spells (a typo,
    a word left out: 你可摸两张拍 → 〔甲：角色〕摸〔X：数〕张牌), most of their characters first.
    A term's slots may hold anything, so only its literal words are compared."""
    scored = {}
    for t in terms:
        lit = "".join(t.words)
        if len(lit) < 2:
            continue
        hit = _common_chars(lit, phrase)
        miss = len(lit) - hit
        if hit >= 2 and miss <= max(1, len(lit) // 3):
            key = (-hit, miss, t.order)
            if t.key not in scored or key < scored[t.key][0]:
                scored[t.key] = (key, t)
    return [t for _, t in sorted(scored.values(), key=lambda x: x[0])][:limit]


def slot_texts(term: Term, phrase: str) -> list[tuple[str, Slot]]:
    """The phrase's text under each slot of ``term`` when all the term's literal words occur in
    it in order (the first occurrence of each): [(argument text, slot)]; [] when one is missing."""
    out, pos, pending = [], 0, None
    for p in term.parts:
        if isinstance(p, Lit):
            k = phrase.find(p.text, pos)
            if k < 0:
                return []
            if pending is not None and k > pos:
                out.append((phrase[pos:k], pending))
            pending, pos = None, k + len(p.text)
        else:
            pending = p
    if pending is not None and pos < len(phrase):
        out.append((phrase[pos:], pending))
    return out
