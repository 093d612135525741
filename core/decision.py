"""A question to one player (``Decision``): its kinds and answers, checking an answer, the legal
answers and a uniformly random one.

Pure-Python-mode Cython like core/engine.py (``decision.pxd`` adds the C types). The engine and
this module cimport each other: a game asks decisions, and a decision names its game. See
docs/core-api.md for the kinds (the D_* constants of core.engine) and their answers.
"""
from itertools import combinations, permutations

import cython

if not cython.compiled:   # a C type when compiled (decision.pxd cimports it)
    from core.rng import Rng
if cython.compiled:   # _drawn's tuple; the spare questions
    from cython.cimports.cpython.ref import Py_INCREF
    from cython.cimports.cpython.tuple import PyTuple_New, PyTuple_SET_ITEM
    from cython.cimports.cpython.list import PyList_GET_ITEM, PyList_GET_SIZE
    from cython.cimports.cpython.object import PyTypeObject
    from cython.cimports.core.engine import pop_keep_room
    from cython.cimports.core.prims.lists import list_with_room, spare_keep, spare_keeps
    from cython.cimports.core.rng import rng_below


def _comb(n, k, /):
    if k < 0 or k > n:
        return 0
    if n <= 60:
        # C ints: every product below is C(n, i + 1)·(i + 1) ≤ 60·C(59, 29) < 2**62 (a Python
        # int's multiply and floor division were ~300 instructions a count, at ~1,300 counts in
        # the six games of `sgs bench --what instructions`)
        c = 1
        for i in range(k):
            c = c * (n - i) // (i + 1)
        return c
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


@cython.cfunc
@cython.inline
@cython.cdivision(True)
@cython.locals(i=cython.longlong, c=cython.longlong)
def _comb60(n: cython.longlong, k: cython.longlong, /) -> cython.longlong:
    """_comb(n, k) for n <= 60 as a C int, its C-int loop without the boxed answer (count's sum
    and sample's draw of a count of cards; step 117c: each count was an int boxed and added or
    compared as an object). Its divisions C's (step 214b): every operand is positive, where
    C's quotient is Python's floor, and the divisor i + 1 >= 1 (Python's division tested the
    divisor for 0 and corrected the quotient's sign: ~10 instructions a term)."""
    if k < 0 or k > n:
        return 0
    c = 1
    for i in range(k):
        c = c * (n - i) // (i + 1)
    return c


def _perm(n, k, /):
    """Ordered choices of k of n."""
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i)
    return r


def _is_int(v, /):
    return isinstance(v, int)


def _in_options(options, v, /):
    """``v in options`` (normalize's test of an answer): compiled, decision.pxd's C loop."""
    if cython.compiled:
        return int_in_list(options, v)
    return v in options


def _has_duplicate(t, /):
    """Whether tuple ``t`` of ints holds one twice (``len(set(t)) != len(t)``): a short one
    compared pairwise (a set made of it was ~2.8 k instructions at each choice the random player
    answered in the six games of `sgs bench --what instructions`)."""
    n = len(t)
    if n > 16:
        return len(set(t)) != n
    for i in range(1, n):
        for j in range(i):
            if t[i] == t[j]:
                return True
    return False


def _below(rng, n, /):
    """rng.below(n): a C call for the engine's Rng (agents may bring another with below())."""
    if type(rng) is Rng:
        if cython.compiled:   # Rng.below's draw inline (rng.pxd)
            return rng_below(cython.address(cython.cast(Rng, rng).s), n)
        return cython.cast(Rng, rng).below(n)
    return rng.below(n)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(n=cython.longlong)
def _drawn_below(rng, n, /) -> cython.longlong:
    """_below(rng, n) inline in Decision.sample and _drawn, whose draws are ~3,000 of the six
    games' ~3,300 (step 185f: a C call each): the engine's Rng drawn from in place, any other
    rng through _below."""
    if cython.compiled and type(rng) is Rng:
        return rng_below(cython.address(cython.cast(Rng, rng).s), n)
    return _below(rng, n)


@cython.cfunc
@cython.locals(options=list, n=cython.Py_ssize_t, j=cython.Py_ssize_t, ordered=cython.bint,
               i=cython.Py_ssize_t, m=cython.Py_ssize_t, k=cython.Py_ssize_t, x=cython.int)
def _drawn(rng, options, n, j, ordered, /) -> tuple:
    """Decision.sample's draw of j of n (≤ 64) options, compiled: its shuffle of the indices
    0..n-1 (the same draws, the same swaps) and its sort of the first j in a C array, then their
    options' tuple, where the indices were a list of n boxed ints, sliced, sorted as objects
    (step 94)."""
    idx = cython.declare(cython.int[64])
    for i in range(n):
        idx[i] = i
    for i in range(j):
        m = i + _drawn_below(rng, n - i)
        x = idx[i]
        idx[i] = idx[m]
        idx[m] = x
    if not ordered:   # the first j sorted (insertion: distinct ints, j small)
        for i in range(1, j):
            x = idx[i]
            k = i - 1
            while k >= 0 and idx[k] > x:
                idx[k + 1] = idx[k]
                k -= 1
            idx[k + 1] = x
    # the options' tuple made in place (a list made and copied into a tuple was ~290
    # instructions a draw, at ~620 draws in the six games)
    res = PyTuple_New(j)
    for i in range(j):
        v = options[idx[i]]
        Py_INCREF(v)   # the tuple's item: a reference of its own
        PyTuple_SET_ITEM(res, i, v)
    return res


# the ints 0..255, Decision.sample's answers by index (compiled: a C variable)
_SMALL_INTS = cython.declare(tuple, tuple(range(256)))


# ~3,200 decisions in the six games of `sgs bench --what instructions`, each made and freed:
# compiled, a freelist (the directive must be here, with cclass: docs/decisions/0033)
@cython.freelist(16)
@cython.cclass
class Decision:
    """A question to one player.  See docs/core-api.md for kinds/answers."""

    def __init__(self, kind, who, options=None, lo=1, hi=1, can_pass=False,
                 prompt="", valid=None, data=None, ordered=False):
        self._set(kind, who, list(options) if options is not None else [], lo, hi, can_pass,
                  prompt, valid, data, ordered)

    def _set(self, kind, who, options, lo, hi, can_pass, prompt, valid, data, ordered, /):
        """Every field (``options`` is kept, not copied); returns the decision."""
        self.kind = kind
        self.who = who
        self.options = options
        self.lo = lo
        self.hi = hi
        self.can_pass = can_pass
        self._prompt = prompt
        self.joined = False
        self.valid = valid
        self.data = data
        # cards/players chosen in an order that matters (cards put on the draw pile, 001:479):
        # every order of a choice is a distinct answer
        self.ordered = ordered
        self.game = None
        return self

    # The prompt: the field as it was given, or for a question asked through prompt_joined its
    # head followed by its data's texts joined with "/", made at the first read and kept (the
    # same text the caller would have made: ~380 card-use questions in the six games of `sgs
    # bench --what instructions`, whose prompt nothing reads but the random player's test at
    # some of them, a join and a concatenation each, and the two strings' deaths)
    @property
    def prompt(self):
        if self.joined:
            self._prompt = self._prompt + "/".join(self.data)
            self.joined = False
        return self._prompt

    @prompt.setter
    def prompt(self, v, /):
        self._prompt = v
        self.joined = False

    def __repr__(self):
        return "Decision(%s, who=%d, options=%r, lo=%d, hi=%d, pass=%r, prompt=%r%s)" % (
            E.KIND_NAMES[self.kind], self.who, self.options, self.lo, self.hi,
            bool(self.can_pass), self.prompt, ", ordered" if self.ordered else "")

    def describe(self, /):
        return "%s for seat %d (%s), options %r" % (
            E.KIND_NAMES[self.kind], self.who, self.prompt, self.options)

    def normalize(self, choice, /):
        """Return the canonical form of ``choice`` or raise IllegalAnswer."""
        k = self.kind
        if type(choice) is int and (
                (k == 1 and 0 <= choice < len(self.options))
                or ((k == 4 or k == 5) and choice != -1 and _in_options(self.options, choice))
                or (k == 0 and (choice == 0 or choice == 1))):
            # a legal exact int (the agents' answers, ~1,400 in the six games) is its own
            # canonical form: no _is_int or bool test, no int() copy; any other goes below
            v = choice
        elif k == 0:
            if choice is True or choice is False:
                return 1 if choice else 0
            if _is_int(choice) and (choice == 0 or choice == 1):
                v = int(choice)
            else:
                raise E.IllegalAnswer("yes/no answer must be 0/1 or a bool, got %r (%s)"
                                    % (choice, self.describe()))
        elif k == 1:
            if not _is_int(choice) or isinstance(choice, bool) or not (0 <= choice < len(self.options)):
                raise E.IllegalAnswer("option answer must be an index 0..%d, got %r (%s)"
                                    % (len(self.options) - 1, choice, self.describe()))
            v = int(choice)
        elif k == 4 or k == 5:
            if not _is_int(choice) or isinstance(choice, bool):
                raise E.IllegalAnswer("answer must be an int, got %r (%s)" % (choice, self.describe()))
            if choice == -1:
                if not self.can_pass:
                    raise E.IllegalAnswer("passing is not allowed here (%s)" % (self.describe(),))
            elif not _in_options(self.options, choice):
                raise E.IllegalAnswer("%r is not among the options (%s)" % (choice, self.describe()))
            v = int(choice)
        else:
            if _is_int(choice) or isinstance(choice, (str, bytes)):
                raise E.IllegalAnswer("answer must be a list of choices, got %r (%s)"
                                    % (choice, self.describe()))
            try:
                t = tuple(choice)
            except TypeError:
                raise E.IllegalAnswer("answer must be a list of choices, got %r (%s)"
                                    % (choice, self.describe()))
            for e in t:
                if not _is_int(e) or isinstance(e, bool) or not _in_options(self.options, e):
                    raise E.IllegalAnswer("%r is not among the options (%s)" % (e, self.describe()))
            if _has_duplicate(t):
                raise E.IllegalAnswer("duplicate choice in %r (%s)" % (t, self.describe()))
            if not (self.lo <= len(t) <= self.hi):
                raise E.IllegalAnswer("must choose between %d and %d, got %d (%s)"
                                    % (self.lo, self.hi, len(t), self.describe()))
            # the answer's own tuple when its items are exactly ints (the agents' answers: 240 in
            # the six games), where a list of int(e) was made and copied into another tuple
            v = t
            for e in t:
                if type(e) is not int:   # an int subclass: its int value
                    v = tuple([int(e) for e in t])
                    break
        if self.valid is not None and not self.valid(self.game, v):
            raise E.IllegalAnswer("answer %r violates the decision's constraint (%s)"
                                % (v, self.describe()))
        return v

    def count(self, /):
        """Number of candidate answers before the ``valid`` filter."""
        k = self.kind
        if k == 0:
            return 2
        if k == 1:
            return len(self.options)
        if k == 4 or k == 5:
            return len(self.options) + (1 if self.can_pass else 0)
        n = len(self.options)
        if not self.ordered and n <= 60:   # a sum of C(60, j)s: below 2**60, a C int
            small: cython.longlong = 0
            for j in range(self.lo, min(self.hi, n) + 1):
                small += _comb60(n, j)
            return small
        tot = 0
        for j in range(self.lo, min(self.hi, n) + 1):
            tot += _perm(n, j) if self.ordered else _comb(n, j)
        return tot

    def legal(self, limit=100000, /):
        """All legal answers (canonical form).  Raises TooManyAnswers if more
        than ``limit`` candidates; use sample() then."""
        k = self.kind
        if k == 0:
            res = [0, 1]
        elif k == 1:
            res = list(range(len(self.options)))
        elif k == 4 or k == 5:
            res = list(self.options)
            if self.can_pass:
                res.append(-1)
        else:
            if self.count() > limit:
                raise E.TooManyAnswers("%d candidate answers (%s)" % (self.count(), self.describe()))
            res = []
            pick = permutations if self.ordered else combinations
            for j in range(self.lo, min(self.hi, len(self.options)) + 1):
                for c in pick(self.options, j):
                    res.append(tuple(c))
        if self.valid is not None:
            g = self.game
            res = [v for v in res if self.valid(g, v)]
        return res

    def sample(self, rng, /):
        """A uniformly random legal answer (None if there is none)."""
        # the answers of the agents that draw (~2,200 in the six games of `sgs bench --what
        # instructions`): a question without a `valid` test, and compiled an unordered choice
        # of at most 60 options, is drawn here with C locals only; any other is _sample_any's,
        # the same draws (step 200b: sample's object locals, set to NULL and released at each
        # answer, are that function's)
        r: cython.longlong
        w: cython.longlong
        small: cython.longlong
        if self.valid is not None:
            return _sample_any(self, rng)
        k = self.kind
        if k != 2 and k != 3:
            # legal()'s list without building it: the same one draw from the same count,
            # answered by the same index (yes/no, an option's index, an option or the pass)
            n = 2 if k == 0 else len(self.options)
            if (k == 4 or k == 5) and self.can_pass:
                n += 1
            if n == 0:
                return None
            i = _drawn_below(rng, n)
            if k == 4 or k == 5:
                return self.options[i] if i < len(self.options) else -1
            # a yes/no or an option's index: one of the ints made once (i >= 0), where each was
            # a call of PyLong_FromSsize_t (~780 answers in the six games of `sgs bench --what
            # instructions`; step 207d)
            return _SMALL_INTS[i] if i < 256 else i
        n = len(self.options)
        if not cython.compiled or self.ordered or n > 60:
            return _sample_any(self, rng)
        # _sample_any's first try, which answers (no `valid` test): its count, a C sum of
        # C(n, j)s, and from 0x7FFFFFFF up its other draw (there)
        small = 0
        for j in range(self.lo, min(self.hi, n) + 1):
            small += _comb60(n, j)
        if small == 0:
            return None
        if small >= 0x7FFFFFFF:
            return _sample_any(self, rng)
        r = _drawn_below(rng, small)
        j = self.lo
        while True:
            w = _comb60(n, j)
            if r < w:
                break
            r -= w
            j += 1
        return _drawn(rng, self.options, n, j, False)

    def copy_for(self, g, /):
        """This decision for game g (a clone's): the fields shared, the options copied."""
        if cython.compiled:
            d = cython.cast(Decision, Decision.__new__(Decision))
        else:
            d = Decision(self.kind, self.who)
        d._set(self.kind, self.who, list(self.options), self.lo, self.hi, self.can_pass,
               self._prompt, self.valid, self.data, self.ordered)
        d.joined = self.joined   # (a joined prompt: its head, the data the same list)
        d.game = g
        return d


def _sample_any(d, rng, /):
    """Decision.sample of the questions it does not draw itself, the same draws: one with a
    `valid` test, an ordered choice, a choice of more than 60 options (its counts Python ints)
    or a count from 0x7FFFFFFF up, and pure Python's choices of cards or players."""
    # the draw of a count of cards and the counts it is compared with as C ints (compiled,
    # step 104b; they were Python ints compared and subtracted): each count read is below
    # ``total``, their sum, itself below 0x7FFFFFFF where they are read
    r: cython.longlong
    w: cython.longlong
    small: cython.longlong
    k = d.kind
    if k != 2 and k != 3:   # (a `valid` test: sample draws any other)
        res = d.legal()
        if not res:
            return None
        return res[_drawn_below(rng, len(res))]
    n = len(d.options)
    if not d.ordered and n <= 60:
        # count()'s sum of C(n, j)s here as a C int (its cpdef call answered a boxed int:
        # ~130 instructions at each of ~620 draws in the six games)
        small = 0
        for j in range(d.lo, min(d.hi, n) + 1):
            small += _comb60(n, j)
        if small == 0:
            return None
    else:
        total = d.count()
        if total == 0:
            return None
        # a count read as a C int only below 0x7FFFFFFF (below)
        small = total if total < 0x7FFFFFFF else 0x7FFFFFFF
    # small: the count, a C int (step 185b: it was a Python int boxed, compared twice and
    # unboxed at each draw); from 0x7FFFFFFF up, a count of cards drawn first, uniformly
    tries = 0
    while tries < 64:
        tries += 1
        if small < 0x7FFFFFFF:
            r = _drawn_below(rng, small)
            j = d.lo
            while True:
                if d.ordered:
                    w = _perm(n, j)
                elif n <= 60:
                    w = _comb60(n, j)
                else:
                    w = _comb(n, j)
                if r < w:
                    break
                r -= w
                j += 1
        else:
            j = d.lo + _drawn_below(rng, min(d.hi, n) - d.lo + 1)
        if cython.compiled and n <= 64:
            v = _drawn(rng, d.options, n, j, d.ordered)   # the same, in C ints
            if d.valid is None or d.valid(d.game, v):
                return v
            continue
        # the indices 0..n-1 made in a loop (compiled: a C loop; list(range(n)) called the
        # range type and copied its items, ~1.4 k instructions a draw)
        idx = [i for i in range(n)]
        for i in range(j):
            m = i + _drawn_below(rng, n - i)
            idx[i], idx[m] = idx[m], idx[i]
        chosen = idx[:j]
        if not d.ordered:
            chosen.sort()   # the slice is a new list: sorted in place, not copied again
        v = tuple([d.options[i] for i in chosen])
        if d.valid is None or d.valid(d.game, v):
            return v
    res = d.legal(1 << 22)
    if not res:
        return None
    return res[_drawn_below(rng, len(res))]


def new_decision(kind, who, options, lo, hi, prompt, /):
    """``Decision(kind, who, options, lo, hi, prompt=prompt)`` as a C call for the rooms, which
    ask ~2,000 questions in the six fixed games: a class call with keywords costs ~1 k
    instructions. The caller sets ``can_pass``, ``valid``, ``data`` or ``ordered`` after."""
    if cython.compiled:
        d = cython.declare(Decision, _taken())
        # the options in the taken question's own list when a dead question left one
        # (decision.pxd, step 229b), else a new list
        if options_refill(d, options) == 0:
            d.options = _options_list(options)
        return _question(d, kind, who, lo, hi, False, prompt)   # inline (step 185e)
    return Decision(kind, who, options, lo, hi, prompt=prompt)


def new_decision_list(kind, who, options, lo, hi, can_pass, prompt, /):
    """new_decision with ``can_pass``, for a caller that gives away ``options``, a new list of
    its own (the dispatch's skill ids): compiled, the decision keeps it, not a copy (step 106a)."""
    if cython.compiled:
        d = cython.declare(Decision, _taken())
        d.options = options   # (options_of_skills': most often d's own list, refilled)
        return _question(d, kind, who, lo, hi, can_pass, prompt)
    return Decision(kind, who, options, lo, hi, can_pass, prompt=prompt)


@cython.cfunc
@cython.inline
def _taken() -> Decision:
    """Compiled, a new question: a dead one when there is one (decision.pxd; step 113c), else
    Cython's tp_new."""
    return decision_take(_KEPT_DECISIONS, cython.cast(cython.pointer(PyObject), Decision), ())


@cython.cfunc
@cython.inline
@cython.locals(d=Decision, kind=cython.int, who=cython.int, lo=cython.int, hi=cython.int,
               can_pass=cython.bint)
def _question(d, kind, who, lo, hi, can_pass, prompt, /) -> Decision:
    """Compiled, new_decision_list's and new_decision's question d (_taken, its options set),
    inline in them (step 185e: its call from new_decision, seven arguments and the answer, at
    ~2,000 questions in the six games): its other fields."""
    # _set's stores written here, C stores into the struct (step 176a): the method's call
    # through the type's table, its ten arguments and its answer were ~40 instructions at
    # each of ~3,200 questions in the six games of `sgs bench --what instructions`. Not
    # written (step 185b): valid, data and game, None, and joined, 0, in every question taken
    # (_decision_dealloc's reset) or made (Cython's tp_new), where each was swapped for None
    d.kind = kind
    d.who = who
    d.lo = lo
    d.hi = hi
    d.can_pass = can_pass
    d._prompt = prompt
    d.ordered = False
    return d


def prompt_joined(d, head, parts, /):
    """Question ``d`` with ``parts`` (a list of str) as its data and ``head + "/".join(parts)``
    as its prompt, that text made when the prompt is first read (Decision.prompt); the parts are
    not to be changed before (nothing writes a question's data once it is asked)."""
    d.data = parts
    d._prompt = head
    d.joined = True
    return d


if not cython.compiled:   # compiled: an inline C function of decision.pxd
    def prompt_of(d, /):
        """``d.prompt`` (compiled, the C field itself unless it is still to be joined)."""
        return d.prompt

    def prompt_starts(d, prefix, /):
        """Whether ``d.prompt`` is a str that starts with ``prefix``: a prompt still to be joined
        answered by its head when ``prefix`` is no longer (the text not made)."""
        p = d._prompt
        if d.joined and isinstance(p, str) and len(prefix) <= len(p):
            return p.startswith(prefix)
        p = d.prompt
        return isinstance(p, str) and p.startswith(prefix)


def options_of_skills(cands, /):
    """The ids (``id_int``) of the skills of list ``cands`` in a new list, for
    new_decision_list (the dispatch's question, ~1,200 in the six fixed games): compiled, the
    emptied list of the dead question new_decision_list takes next (the spare list's last)
    filled in place when it has one (decision.pxd, steps 157b, 159a, 229b)."""
    if cython.compiled:
        # the spare list's last read in place (borrowed: no reference taken and dropped)
        m = cython.declare(cython.Py_ssize_t, PyList_GET_SIZE(_SPARE_DECISIONS))
        if m > 0:
            last = cython.declare(cython.pointer(PyObject),
                                  PyList_GET_ITEM(_SPARE_DECISIONS, m - 1))
            n = len(cands)
            if options_room(cython.cast(Decision, last), n):
                # (the dead question's too until new_decision_list takes it)
                opts = cython.cast(Decision, last).options
                i = 0
                for s in cands:
                    options_put(opts, i, cython.cast(Skill, s).id_int)
                    i += 1
                return opts
    return [s.id_int for s in cands]


if not cython.compiled:   # compiled: a C function of decision.pxd
    def _list_of_tuple(t, /):
        return list(t)


def _options_list(options, /):
    """list(options), a new list: a list's slice; a tuple's items (an empty tuple: a yes/no's
    options) copied into a list made at its size (decision.pxd), where list() of them took the
    generic path (~240 instructions a decision, ~420 for a tuple of cards)."""
    if type(options) is list:
        return cython.cast(list, options)[:]
    if type(options) is tuple:   # a tuple's items copied into a list made at its size (step 104b)
        return _list_of_tuple(options)
    return list(options)


# the dead questions kept for the next (compiled: _decision_dealloc, decision.pxd), at most 4
_SPARE_DECISIONS = []


def _decision_dealloc(o, /):
    """Compiled, Decision's tp_dealloc: a question whose count fell to 0 kept alive for
    new_decision and new_decision_list (at most 4; step 113c), its object fields made None
    (what they held dropped; a str prompt kept, step 200a), still known to the garbage
    collector; otherwise Cython's. The random player's and run_random's question dies when the
    next is asked or answered, so one spare serves them all: ~3,200 questions in the six games of `sgs bench --what
    instructions`, where each was made and freed through Cython's freelist (~100 instructions
    a question)."""
    spare: cython.pointer(PyObject) = _KEPT_DECISIONS
    if spare_keeps(spare, o, cython.cast(cython.pointer(PyObject), Decision)):
        decision_reset(cython.cast(Decision, o))   # (revived: dropping its fields may run code)
        if not spare_keep(spare, o):   # (other questions, dropped, may have filled it)
            _DECISION_DEALLOC(o)
        return
    _DECISION_DEALLOC(o)


def _install_decision_dealloc():
    """Compiled: Decision's tp_dealloc made _decision_dealloc (Cython's kept in
    _DECISION_DEALLOC) once the spare list has its room (lists.pxd's spare_keep never grows it)
    and this module its own pointer to it (a reference never dropped: never None, never a
    dangling pointer, at the interpreter's exit too)."""
    global _DECISION_DEALLOC, _SPARE_DECISIONS, _KEPT_DECISIONS
    _SPARE_DECISIONS = list_with_room(None, 4)
    pop_keep_room(_SPARE_DECISIONS)
    Py_INCREF(_SPARE_DECISIONS)
    _KEPT_DECISIONS = cython.cast(cython.pointer(PyObject), _SPARE_DECISIONS)
    t = cython.cast(cython.pointer(PyTypeObject), Decision)
    _DECISION_DEALLOC = t.tp_dealloc
    t.tp_dealloc = _decision_dealloc
    return 0


if cython.compiled:
    _install_decision_dealloc()


# the engine, by module (it imports Decision: core/engine.py's last lines); the names above read
# E.<name> only when they run, once both modules are loaded
from core import engine as E  # noqa: E402
