"""Compile the core with Cython (pure-Python mode sources + .pxd) in place.

    python -m core.build            # or: from core.build import build_core

Incremental: a module is rebuilt only when its .py/.pxd, or a .pxd it cimports (directly or
through other .pxd files: _dependencies), is newer than its extension, or when it was built at
another C optimisation level than the build asks (build/opt/ records each module's).  No network
access is needed.
"""
import glob
import os
import re
import sys
from importlib.machinery import EXTENSION_SUFFIXES

from core import pgo

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PRIMS = os.path.join(HERE, "prims")
# the rooms of the runtime library (core/prims/<room>.py, docs/architecture.md)
ROOMS = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(PRIMS, "*.py"))
               if not p.endswith("__init__.py"))
# the engine and the modules split from it (its classes' declarations, which cimport each other)
ENGINE = ["engine", "ruleset", "decision", "clone", "rng", "checks", "held", "spares", "dispatch",
          "turnbook"]
# modules compiled (dotted below core); __init__ and build stay Python (bench is compiled so
# that its timing loops call the engine as generated code does)
MODULES = ENGINE + ["agents", "bench"] + ["prims." + r for r in ROOMS]
# C optimisation per module, from the profile of fixed games (docs/performance.md, "A full
# build, second step"). The hot modules — the engine's scheduling loop and the modules split
# from it that a game runs through, and the rooms the six games of `sgs bench --what
# instructions` spend their time in — at -O2 with gcc's inline limits raised: they reach their
# C fast paths through fast.pxd's accessors and small helpers ("cdef inline", CYTHON_INLINE),
# which -O1 leaves as calls, and which plain -O2 stops inlining in a large room once the unit
# has grown by 40 % (`inline-unit-growth`). -O2 for the timing path's rooms made the six games
# 2.5 M instructions cheaper (docs/performance.md step 56, decision 0061), for the rooms of the
# most instructions per second of gcc more (step 63, decision 0066); the raised limits −2.5 M in
# five rooms (step 109, decision 0094), −1.4 M more in the engine's modules and seven rooms
# (step 111, decision 0095), for the set-up functions at -O0 below. The rest -O1, which
# compiles in about half the time: the checks, the ruleset's set-up, the cold rooms
# (a mode's set-up, the invariants, judgement, health, 战棋's board: no room is cold enough for
# -O0, 战棋's board at -O0 makes a 战棋 game 14 % dearer) and the rooms whose -O2 with the limits
# buys too little of the bench's own games for its gcc time (register); the RNG and the bench
# loops plain -O2 (the figures they time stay comparable). status and roles, -O1 by the six games
# (step 111), are hot in the bench's games (the legality and distance queries of the random
# player's target choices): at -O2 with the limits −2.40 M of those 40 games (−0.8 %) for ~+5 s
# of CPU (step 274b); decisions (the helper frames of every question) −0.43 M for +1.6 s of CPU,
# A/B on the same C, once the full build was at 80 of its 90 s (step 283)
HOT_ENGINE = ["clone", "decision", "dispatch", "engine", "held", "spares", "turnbook"]
HOT_ROOMS = ["base", "cards", "decisions", "flow", "limits", "moves", "resolving", "roles",
             "status", "targets", "turns", "usable", "use", "values", "zones"]
# what Python calls in a module at a level of its own, whatever the module's (a word of the
# module's level, "-DSGS_WRAPPER=…", asks for it: _mark_wrappers): the wrappers of its `def` and
# `cpdef` functions (their argument parsing), the bodies of its `def` functions, its classes'
# public attributes' get/set/del. The six games reach the rooms' `cdef`/`cpdef` C functions by
# C calls, which stay at the module's level; what Python calls runs at the registration, a
# game's set-up, the tests and tools (docs/performance.md step 120, docs/decisions/0100)
_WRAPPER = "-DSGS_WRAPPER="


def _python_called_at(level):
    """The word of a module's level that compiles what Python calls in it at gcc's ``level``."""
    return _WRAPPER + '__attribute__((optimize("%s")))' % level


# in the hot modules at -O1: it was ~23 % of their gcc time at -O2 (the 18 modules 71.3 → 55.1 s
# of CPU, A/B on the same C), and 0.85 M of the six games' instructions (callgrind, wrappers with
# their bodies inlined): the six games the same within the ±0.3 M that rebuilding moves them
_WRAPPERS_AT_O1 = _python_called_at("O1")
# a level with flags: its words reach gcc one by one; the whole string is the module's stamp
# (build/opt/), so a change of these flags rebuilds the module once
_O2_LIMITS = "-O2 --param=inline-unit-growth=400 --param=max-inline-insns-single=400 "
O2_INLINE = _O2_LIMITS + _WRAPPERS_AT_O1
# and at -O0 in the -O1 modules whose Python-called code the six games barely run (callgrind,
# their `__pyx_pw_`/`__pyx_pf_` functions: 0.9 k instructions in the six games, 1.6 k at -O0;
# the registration's 1.8 M at import, 3.0 M at -O0; not `board`, whose `def`s 战棋's units call,
# nor `invariants`, whose `sgs simulate`'s checks call): their gcc 9.8 → 6.1 s of CPU (A/B)
COLD_CALLED = ["checks", "prims.judgement", "prims.query_answers", "prims.register"]
O1_COLD_CALLED = "-O1 " + _python_called_at("O0")
# the random player's module (`play`, its game loop, and RandomPlayer's methods: cpdef, C
# functions at the module's level, ~0.43 M of the six games) at -O2 with the limits, what Python
# calls in it at -O0: −51 k of the six games for its gcc 2.3–2.7 → 3.4 s of CPU (step 270b)
O2_COLD_CALLED = _O2_LIMITS + _python_called_at("O0")
OPT = dict({m: "-O1" for m in MODULES}, rng="-O2", bench="-O2", agents=O2_COLD_CALLED,
           **{m: O2_INLINE for m in HOT_ENGINE}, **{"prims." + r: O2_INLINE for r in HOT_ROOMS},
           **{m: O1_COLD_CALLED for m in COLD_CALLED})


def _src_path(package, mod, root=ROOT, ext=".py"):
    """core + prims.base -> <root>/core/prims/base.py"""
    return os.path.join(root, package, *mod.split(".")) + ext


def _ext_path(package, mod, root=ROOT):
    suffix = EXTENSION_SUFFIXES[0]   # sysconfig's EXT_SUFFIX, without importing sysconfig
    return _src_path(package, mod, root, suffix)


def _opt_stamp(package, mod, root=ROOT):
    """The file recording the C optimisation level a module's extension was built at."""
    return os.path.join(root, "build", "opt", package + "." + mod)


# a stamp's first line is the module's level (its words as the build gives gcc), the next lines
# `key value`: `c` the sha256 of the C compiled, `profile` the digest of gcc's counts it was
# compiled with (core/pgo.py), `instrumented` when it counts for a training, `cflags` the digest
# of the flags every module is compiled with besides its level (_CFLAGS: a change of them, or a
# stamp from before they were recorded, rebuilds every module once)
def _write_stamp(package, mod, root, opt, fields):
    stamp = _opt_stamp(package, mod, root)
    os.makedirs(os.path.dirname(stamp), exist_ok=True)
    fields = dict(fields, cflags=_cflags_digest())
    with open(stamp, "w", encoding="utf-8") as f:
        f.write("\n".join([opt] + ["%s %s" % kv for kv in sorted(fields.items())]))


def _cflags_digest():
    """The digest of _CFLAGS that a stamp records (_write_stamp)."""
    import hashlib   # here, as core.pgo's: OpenSSL's library is +3 MB of a game's process

    return hashlib.sha256(" ".join(_CFLAGS).encode()).hexdigest()[:16]


def _read_stamp(package, mod, root):
    """(level, {key: value}) of a module's stamp; None when it has none."""
    try:
        with open(_opt_stamp(package, mod, root), encoding="utf-8") as f:
            opt, *rest = f.read().split("\n")
    except OSError:
        return None
    return opt, dict(line.partition(" ")[::2] for line in rest)


def _other_counts(package, mod, opt, fields, root):
    """Whether a module was compiled instrumented, or with other counts of gcc's profile than
    the store has for its C now (trained again, or trained for the first time: a stamp from
    before records no C, which is then its C file's)."""
    if "instrumented" in fields:
        return True
    c = fields.get("c") or pgo.digest_file(_src_path(package, mod, root, ".c"))
    return pgo.fitting(package, mod, opt, c, root) != fields.get("profile")


# What a module's C depends on besides its own .py and .pxd (docs/decisions/0192): the .pxd
# files its .py and .pxd cimport, and what those cimport, transitively — a layout, an inline
# function, a constant of any of them is compiled into it. Read from the sources by regular
# expressions, as cythonize reads them (Cython.Build.Dependencies), but every spelling: `from
# cython.cimports.M import …` (a parenthesised list, names `as` aliases), `import
# cython.cimports.M`, `from M cimport …`, `cimport M, N`, relative `from . cimport x` and `from
# .x cimport y`, `include "f.pxi"` — cythonize's misses pure-Python mode's lists with `as`: 320
# .pxd files of 38 of the 55 modules, 12 of flow's 23. Written to over-read, never to miss (a
# missed .pxd leaves an extension of a stale layout): a cimport in a comment or a string counts;
# so does each name of `from M cimport a, b` that is a module (M.a), each package's __init__.pxd on
# the way, and a .pxd found from the root or from the importer's folder (Cython searches both).
# tests/core/test_build_deps.py holds it to what Cython reads compiling each module
_CIMPORT = re.compile(r"""
    \bfrom\s+(?P<module>\.+[\w.]*|[A-Za-z_][\w.]*)\s+(?P<keyword>c?import)(?![\w.])
  | (?<![\w.])(?P<bare>c?import)\s+(?=[A-Za-z_])
  | (?<![\w.])include\s+(?P<quote>['"])(?P<include>[^'"\n]+)(?P=quote)
""", re.VERBOSE)
_PURE = "cython.cimports"   # pure-Python mode's spelling of a cimport's module
_PAREN = re.compile(r"[ \t]*\(")


def _names(text, pos):
    """The names an import statement lists from ``pos`` on, each without its alias: a list in
    parentheses (its lines' comments dropped) or the rest of the line (to a comment or `;`)."""
    paren = _PAREN.match(text, pos)
    if paren:
        body, start = [], paren.end()
        while True:   # line by line: a comment may hold a ")"
            end = text.find("\n", start)
            line = text[start: end if end >= 0 else len(text)].split("#")[0]
            body.append(line.split(")")[0])
            if ")" in line or end < 0:
                break
            start = end + 1
        body = " ".join(body)
    else:
        end = text.find("\n", pos)
        body = re.split(r"[#;]", text[pos: end if end >= 0 else len(text)], maxsplit=1)[0]
    return [n.split()[0] for n in body.split(",") if n.split()]


def _statements(text):
    """_CIMPORT's matches in ``text``, looked for only in the lines that hold "cimport" or
    "include" (a statement's first line holds one: `cimport`, `cython.cimports`, `include`)."""
    lines = set()
    for word in ("cimport", "include"):
        at = text.find(word)
        while at >= 0:
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            lines.add((start, end))
            at = text.find(word, end)
    for start, end in sorted(lines):
        yield from _CIMPORT.finditer(text, start, end)


def _cimported_names(text):
    """The modules a source cimports (dotted, a relative one with its leading dots) and the files
    it includes, read by _CIMPORT (the comment above)."""
    text = text.replace("\\\n", " ")   # a statement's continued lines as one
    modules, includes = set(), set()
    for m in _statements(text):
        if m.group("include"):
            includes.add(m.group("include"))
            continue
        names = _names(text, m.end())
        if m.group("bare"):   # `cimport a.b as c, d` / `import cython.cimports.a.b`
            for n in names:
                if m.group("bare") == "cimport":
                    modules.add(n)
                elif n.startswith(_PURE + "."):
                    modules.add(n[len(_PURE) + 1:])
            continue
        module = m.group("module")
        if m.group("keyword") == "import":   # a cimport only as `from cython.cimports.M import`
            if module != _PURE and not module.startswith(_PURE + "."):
                continue
            module = module[len(_PURE) + 1:]
        if module:
            modules.add(module)
        # each name may be a module of M's (`from core.prims cimport flow`)
        modules.update(module + n if module.endswith(".") or not module else module + "." + n
                       for n in names if n != "*")
    return modules, includes


def _find_module(base, name, walk):
    """The files a cimport of the dotted module ``name`` may read below folder ``base``: its .pxd
    (or its package's __init__.pxd) and each enclosing package's; and the folders looked in, with
    their mtimes — down the folders that exist only, once a walk (``walk``)."""
    key = ("module", base, name)
    if key not in walk:
        found, looked, folder = [], [], base
        for part in name.split("."):
            mtime, names = _listing(folder, walk)
            looked.append((folder, mtime))
            if part + ".pxd" in names:
                found.append(os.path.join(folder, part + ".pxd"))
            if part not in names:
                break
            folder = os.path.join(folder, part)
            mtime, names = _listing(folder, walk)
            looked.append((folder, mtime))
            if "__init__.pxd" in names:
                found.append(os.path.join(folder, "__init__.pxd"))
        walk[key] = found, looked
    return walk[key]


def _module_files(names, importer, root, walk):
    """The files the cimports of modules ``names`` in the file at ``importer`` may read
    (_find_module), looked for from the root and from the importer's folder (an absolute name), or
    from the importer's package (a relative name: its leading dots); and the folders looked in."""
    here = os.path.dirname(importer)
    found, looked = set(), set()
    for name in names:
        rest = name.lstrip(".")
        dots = len(name) - len(rest)
        bases = (root, here)
        if dots:
            base = here
            for _ in range(dots - 1):
                base = os.path.dirname(base)
            bases = (base,)
        rest = rest.strip(".")
        for base in bases:
            if rest:
                f, l = _find_module(base, rest, walk)
                found.update(f)
                looked.update(l)
            else:   # `from . cimport x`: the package itself too
                mtime, in_base = _listing(base, walk)
                looked.add((base, mtime))
                if "__init__.pxd" in in_base:
                    found.add(os.path.join(base, "__init__.pxd"))
    return found, looked


def _listing(folder, walk):
    """``folder``'s mtime and names (None and none when there is no such folder), read once a
    walk (``walk``: folder -> them); its names listed again only when its mtime changed."""
    hit = walk.get(folder)
    if hit is None:
        try:
            mtime = os.stat(folder).st_mtime_ns   # before its names: a change between is seen
            hit = _listings.get(folder)
            if hit is None or hit[0] != mtime:
                hit = _listings[folder] = (mtime, frozenset(os.listdir(folder)))
        except OSError:
            hit = (None, frozenset())
        walk[folder] = hit
    return hit


_listings = {}   # folder -> its mtime and names when last read (_listing)


def _mtime(folder, walk):
    """``folder``'s mtime (None when there is no such folder), read once a walk."""
    key = ("mtime", folder)
    if key not in walk:
        try:
            walk[key] = os.stat(folder).st_mtime_ns
        except OSError:
            walk[key] = None
    return walk[key]


# (path, root) -> the file's (mtime_ns, size), the mtimes of the folders its cimports were looked
# for in, the files they found: a file read and its cimports looked for once while neither it nor
# those folders change — a folder's mtime changes when a file or folder in it is made, removed or
# renamed (_stale asks for the same .pxd files for every module)
_direct = {}


def _direct_dependencies(path, root, walk):
    """The files the file at ``path`` cimports or includes (none when there is no such file).
    ``walk``: what this walk read of the folders (_listing, _mtime)."""
    try:
        st = os.stat(path)
    except OSError:
        return ()
    key = (st.st_mtime_ns, st.st_size)
    hit = _direct.get((path, root))
    if hit is not None and hit[0] == key and all(_mtime(f, walk) == t for f, t in hit[1]):
        return hit[2]
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            modules, includes = _cimported_names(f.read())
    except OSError:   # a folder named *.pxd
        return ()
    found, looked = _module_files(modules, path, root, walk)
    for inc in includes:
        for base in (os.path.dirname(path), root):
            folder, name = os.path.split(os.path.normpath(os.path.join(base, inc)))
            while True:   # the nearest existing folder: the file's, or where its folder would be
                mtime, names = _listing(folder, walk)
                if mtime is not None or os.path.dirname(folder) == folder:
                    break
                folder = os.path.dirname(folder)
            looked.add((folder, mtime))
            if name in names:
                found.add(os.path.join(folder, name))
    _direct[(path, root)] = (key, tuple(sorted(looked, key=str)), tuple(sorted(found)))
    return _direct[(path, root)][2]


def _dependencies(package, mod, root=ROOT):
    """The files whose change makes ``package.<mod>``'s extension stale: its .py, its .pxd (and its
    packages' __init__.pxd) and, transitively, every .pxd (and included file) they cimport (the
    comment above _CIMPORT); those that exist."""
    own = [_src_path(package, mod, root), _src_path(package, mod, root, ".pxd")]
    # and its packages' __init__.pxd (none today: a guard, Cython may read them for it)
    parts = [package] + mod.split(".")[:-1]
    own += [os.path.join(root, *parts[:i], "__init__.pxd") for i in range(1, len(parts) + 1)]
    seen = set(own)
    todo = list(own)
    walk = {}
    while todo:
        for f in _direct_dependencies(todo.pop(), root, walk):
            if f not in seen:
                seen.add(f)
                todo.append(f)
    return sorted(p for p in seen if os.path.exists(p))


def _stale(package, mod, root=ROOT, opt=None):
    """Whether ``package.<mod>`` must be rebuilt: no extension, its source, its .pxd or a .pxd
    it cimports (transitively: _dependencies) newer than it, or (``opt`` given: the build asks)
    built at another optimisation level than ``opt`` or at an unrecorded one, with other common
    flags (_CFLAGS) or unrecorded ones, or with other counts of gcc's profile than it would be
    now (core/pgo.py)."""
    ext = _ext_path(package, mod, root)
    if not os.path.exists(ext):
        return True
    if opt is not None:
        stamp = _read_stamp(package, mod, root)
        if stamp is None or stamp[0] != opt or stamp[1].get("cflags") != _cflags_digest() \
                or _other_counts(package, mod, opt, stamp[1], root):
            return True
    t = os.path.getmtime(ext)
    for src in _dependencies(package, mod, root):
        if os.path.exists(src) and os.path.getmtime(src) > t:
            return True
    return False


def build_modules(package, modules, inplace=True, force=False, quiet=True, opt="-O2", root=ROOT):
    """Cythonize and build ``package.<mod>`` for each stale module, in place.
    ``opt`` is the C optimisation level, one for all or a dict per module.
    ``root`` is the folder holding ``package`` (the repository by default).
    Returns the list of modules that were (re)built."""
    level = (lambda m: opt.get(m, "-O2")) if isinstance(opt, dict) else (lambda m: opt)
    built = build_all([(package, m, level(m)) for m in modules], inplace, force, quiet, root)
    return [name.split(".", 1)[1] for name in built]


# the C compiler's cost per byte of Cython source at each optimisation level, relative to -O0
# (measured: docs/performance.md, "Where a full build's time goes"): the order jobs start in
_OPT_WEIGHT = {"-O0": 1.0, "-Og": 1.1, "-O1": 2.0, "-O2": 3.0}
# a module's set-up and tear-down functions (its import: the constants, the types, the module
# dict's filling; Cython marks them CYTHON_SMALL_CODE, "cold") compiled at -O0 whatever the
# module's level: they run once, at import, and are 8-14 % of a module's C lines but more of
# gcc's time at -O1/-O2 (docs/performance.md step 63, decision 0066)
_SETUP_AT_O0 = '-DCYTHON_SMALL_CODE=__attribute__((cold, optimize("O0")))'
# gcc's C flags besides: no warnings we do not read (Cython's unused helpers, its unreachable
# error paths), no debug information, and no tracking of the macro expansions a diagnostic's
# location would name: Cython's C is macros all through (Py_INCREF, __PYX_ERR …), and tracking
# them is ~6 % of gcc's instructions at -O0, ~2.5 % at -O1, for the same object code byte for
# byte (docs/performance.md step 73). A C helper declared to Cython with another pointer type
# than its C takes (a typed object passed to a PyObject * parameter) is an error, not a warning
# lost in the log: undefined behaviour in principle, and an error by default from gcc 14 on
# (two such helpers sat in every build's log from steps 101 and 159 until session 36)
# gcc's object-size check at -O2 warns of Cython's store into a bytearray
# (`PyByteArray_AS_STRING` may be CPython's static empty string, "a region of size 0"), which
# the random player's -O2 (step 270b) reaches: a false alarm at every build, not read either.
# -fno-plt: a call into libpython (Py_DECREF's _Py_Dealloc, PyList_New …) reads its address from
# the GOT in place, not through a PLT stub's jump: the bench's 40 games −0.5 M instructions and
# −2.5 % instruction-cache misses under cachegrind (docs/performance.md step 277)
_CFLAGS = ["-g0", "-fno-plt", "-Wno-unused-function", "-Wno-unreachable-code",
           "-ftrack-macro-expansion=0", "-Wno-stringop-overflow",
           "-Werror=incompatible-pointer-types", _SETUP_AT_O0]
# Cython's directives for every module (pure-Python mode sources)
# (auto_pickle: no pickling code for extension types — 6-24 % of a module's C where it defines
# classes — except those a class asks for: the rulesets copy.copy copies)
_DIRECTIVES = {"boundscheck": False, "wraparound": True, "cdivision": False, "binding": False,
               "auto_pickle": False}
# and for a generated unit: its code calls module functions (P.name, Room.name), never a bound
# method, so the code that unpacks a bound method at each call is dead weight (~15 % of its C)
_GENERATED_DIRECTIVES = dict(_DIRECTIVES, **{"optimize.unpack_method_calls": False})
# per worker, (kind, root): the context of the .pxd files every module of a kind reads (_SHARED_PXD)
_contexts = {}
# the .pxd files every module of a kind reads, with what they cimport: a worker reads them once
# and cythonizes each module of the kind in a forked child of that context (docs/decisions/0070,
# 0075). A core module: engine.pxd's (CPython's declarations, the engine's classes: 42 of the
# 43-57 .pxd files a core module reads; every core module but `rng`). A generated unit (a module
# of another package that cimports the core): those and slots.pxd (43 of the 49-60 a unit reads;
# the rooms' files, which a unit asks for by a relative name and so describes otherwise in its
# C than a context that read them first by their full name, cost little: docs/performance.md
# step 73)
_SHARED_PXD = {"core": ("core.engine",), "units": ("core.engine", "core.prims.slots")}
# a worker reads them once when the build has this many modules of the kind per worker: reading
# them costs ~1.2 s of CPU, a core module that finds them read ~0.5 s less, a unit ~0.8 s
# (docs/performance.md steps 68 and 73)
_SHARE_FROM = {"core": 3, "units": 2}


def _kind(pkg):
    """The shared context a module of package ``pkg`` may be cythonized in (_SHARED_PXD)."""
    return "core" if pkg == "core" else "units"


def _sharing(jobs, workers):
    """The kinds whose modules ``jobs`` (those of a build) has enough of to share a context."""
    count = {}
    for pkg, _, _ in jobs:
        count[_kind(pkg)] = count.get(_kind(pkg), 0) + 1
    return frozenset(k for k, n in count.items() if n >= _SHARE_FROM[k] * workers)


def _cost(job, root):
    """A job's expected build time (its source's size, weighted by its C optimisation)."""
    pkg, m, o = job
    return os.path.getsize(_src_path(pkg, m, root)) * _OPT_WEIGHT.get(o.split()[0], 3.0)


def build_all(jobs, inplace=True, force=False, quiet=True, root=ROOT, later=None):
    """Build every stale ``(package, module, opt)`` of ``jobs``: each module is cythonized and
    compiled by one worker of a pool as wide as the machine, the dearest first, so both cores
    stay busy and a module's C compilation does not wait for every other module's Cython.
    ``later``: a function this process runs while the pool starts on ``jobs`` (the generation
    of the units, compiler.build) returning more jobs, built with the rest, or None to build
    no more (the jobs started finish). Returns the dotted names of the modules that were
    (re)built, None when ``later`` returned None."""
    pending = [(pkg, m, o) for pkg, m, o in jobs if force or _stale(pkg, m, root, o)]
    built = []
    _contexts.clear()   # a context holds the .pxd files as they were: one build's only
    workers = os.cpu_count() or 1

    def add(more, known):
        # later's jobs that are stale and not already known (a module once per build)
        known = {(pkg, m) for pkg, m, _ in known}
        pending.extend((pkg, m, o) for pkg, m, o in more
                       if (pkg, m) not in known and (force or _stale(pkg, m, root, o)))

    if workers == 1 or (later is None and len(pending) <= 1):   # no pool for one job
        more = later() if later is not None else []
        if more is None:
            return None
        add(more, pending)
        pending.sort(key=lambda j: -_cost(j, root))
        share = _sharing(pending, 1)
        for job in pending:
            _build_one(job, inplace, quiet, root, share)
        return [pkg + "." + m for pkg, m, _ in pending]
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(max_workers=workers) as pool:
        running = set()

        def start(limit):
            # the dearest job known first, when a worker is free (a job given later, dearer than
            # those waiting, goes before them)
            pending.sort(key=lambda j: -_cost(j, root))
            share = _sharing(built + pending, workers)   # the units join it once known
            while pending and len(running) < limit:
                job = pending.pop(0)
                running.add(pool.submit(_build_one, job, inplace, quiet, root, share))
                built.append(job)

        if later is not None:
            start(2 * workers)   # one job queued behind each worker while this process works
            more = later()
            if more is None:
                for f in running:
                    f.result()
                return None
            add(more, built + pending)
        start(workers)
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for f in done:
                f.result()
            start(workers)
    return [pkg + "." + m for pkg, m, _ in built]


def _cpu():
    """CPU seconds (user + system) of this process and of its children that ended."""
    import resource

    r = [resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    return sum(x.ru_utime + x.ru_stime for x in r)


def _build_one(job, inplace, quiet, root, share=frozenset()):
    """Cythonize and compile one module (in a pool's worker: Cython runs in this process or a
    child, the C compiler in a child). ``share``: the kinds of modules cythonized in the worker's
    shared contexts (_cythonize_job). With SGS_BUILD_LOG set, appends a line to that file: the
    module, its Cython and C compiler CPU and wall seconds, its C file's size
    (docs/performance.md)."""
    import time

    log = os.environ.get("SGS_BUILD_LOG")
    w0, c0 = time.perf_counter(), _cpu()
    _cythonize_job(job, quiet, root, share)
    if any(w.startswith(_WRAPPER) for w in job[2].split()):
        _mark_wrappers(_src_path(job[0], job[1], root, ".c"))
    w1, c1 = time.perf_counter(), _cpu()
    _compile_with_counts(job, inplace, root)
    w2, g2 = time.perf_counter(), _cpu()
    pkg, m, o = job
    if log:
        size = os.path.getsize(_src_path(pkg, m, root, ".c"))
        with open(log, "a", encoding="utf-8") as f:
            f.write("%s.%s %s cython_cpu=%.2f cython_wall=%.2f cc_cpu=%.2f cc_wall=%.2f c_bytes=%d\n"
                    % (pkg, m, ",".join(o.split()), c1 - c0, w1 - w0, g2 - c1, w2 - w1, size))


# the first line of the prototype and of the definition (Cython writes both alike) of what
# Python calls: a Python wrapper (`__pyx_pw_`: a `def`'s or a `cpdef`'s, an attribute's get/set),
# a `def`'s body or a `cpdef`'s call of its C function (`__pyx_pf_`), an attribute's slot
# functions (`__pyx_getprop_`, `__pyx_setprop_`); never a C function (`__pyx_f_`) nor a type's slot
_WRAPPER_LINE = re.compile(rb"^static ((?:PyObject \*|int )__pyx_(?:pw|pf|getprop|setprop)_\w+\()", re.M)


def _mark_wrappers(c_file):
    """Give what Python calls in a module's C file (_WRAPPER_LINE) the attribute SGS_WRAPPER
    (a level's _python_called_at word defines it; empty if not)."""
    with open(c_file, "rb") as f:
        text = f.read()
    # after the first line, Cython's marker: Cython overwrites a C file only if it starts with it
    first, rest = text.split(b"\n", 1)
    text = first + b"\n#ifndef SGS_WRAPPER\n#define SGS_WRAPPER\n#endif\n" + _WRAPPER_LINE.sub(
        rb"static SGS_WRAPPER \1", rest)
    with open(c_file, "wb") as f:
        f.write(text)


_RECURSION_LIMIT = 20000   # Cython's deep copies of a large program's finally clause (_cythonize_job)


def _cythonize_job(job, quiet, root, share=frozenset()):
    """Cython for one module: its C file next to its source, in a fresh context (what
    `cythonize` does) or, its kind in ``share``, in a forked child of this worker's context of
    the .pxd files every module of its kind reads (_shared_context): the same C, byte for byte
    (docs/decisions/0070, 0075). A module that does not read them all gets a fresh context, and
    so does a generated module that cimports nothing of the core (a rulebook's index module)."""
    from Cython.Compiler.Main import Context

    pkg, m, _ = job
    # Cython copies a try's finally clause (the units' programs' error path, which reads pc) with
    # what it refers to: pc's assignments, each through the next, one Python frame level or more
    # each (~10 an assignment): a program of ~90 assignments passes Python's default limit of
    # 1,000 (docs/decisions/0084)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), _RECURSION_LIMIT))
    cwd = os.getcwd()
    os.chdir(root)
    try:
        if not quiet and pkg == "core":
            print("Cythonizing", _src_path(pkg, m, ""))
        context = None
        if _kind(pkg) in share and (pkg == "core" or _cimports_core(pkg, m)):
            context = _shared_context(root, pkg)
        if context is None or not _compile_forked(pkg, m, context):
            _compile(pkg, m, Context.from_options(_options(pkg, m)))
    finally:
        os.chdir(cwd)


def _cimports_core(pkg, m):
    """Whether module ``pkg.<m>`` (in the current directory) cimports the core."""
    with open(_src_path(pkg, m, ""), encoding="utf-8") as f:
        return "from cython.cimports.core." in f.read()


def _options(pkg, m=None):
    """Cython's options for module ``pkg.<m>`` (in the current directory, the root; ``m`` names
    its C file): for a core module those `cythonize` gave it; one definition for the fresh and
    the shared context."""
    from Cython.Compiler.Main import CompilationOptions, default_options

    if pkg == "core":
        options = CompilationOptions(default_options, language_level=3, include_path=["."],
                                     compiler_directives=dict(_DIRECTIVES))
    else:
        options = CompilationOptions(default_options, language_level=3,
                                     compiler_directives=dict(_GENERATED_DIRECTIVES))
    if m is not None:
        options.output_file = _src_path(pkg, m, "", ".c")
    return options


def _compile(pkg, m, context):
    """Cythonize module ``pkg.<m>`` in ``context``; CompileError on Cython's errors."""
    from Cython.Compiler import Errors
    from Cython.Compiler.Main import compile_single

    result = compile_single(_src_path(pkg, m, ""), _options(pkg, m), pkg + "." + m,
                            context=context)
    if result.num_errors:
        raise Errors.CompileError(None, "%s.%s: %d Cython error(s)" % (pkg, m, result.num_errors))


def _compile_forked(pkg, m, context):
    """_compile in a forked child (the module's own state — its scope, what it marks used in the
    .pxd scopes — dies with the child); False when ``pkg.<m>`` did not read every .pxd of the
    context, or asked for one by another name than the context read it by (its C is then not
    taken: the caller compiles it fresh)."""
    import sys
    import traceback

    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:   # the child: never returns
        code = 2
        try:
            _compile(pkg, m, context)
            code = 0 if context.like_fresh() else 3
        except Exception as e:
            from Cython.Compiler import Errors

            code = 1
            if not isinstance(e, Errors.CompileError):
                traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 3):
        from Cython.Compiler import Errors

        raise Errors.CompileError(None, "%s.%s: Cython failed (%d)" % (pkg, m, code))
    return code == 0


def _shared_context(root, pkg="core"):
    """This worker's context for the modules of ``pkg``'s kind, holding _SHARED_PXD's .pxd
    files and what they cimport, read and analysed (on its first call in a build), or None when
    that cannot be done here — no fork, or this Cython does not load .pxd files as this
    mechanism expects — with a warning: each module then gets a fresh context, the same C."""
    kind = _kind(pkg)
    key = (kind, os.path.abspath(root))
    if key not in _contexts:
        context, why = None, "no os.fork on this platform"
        if hasattr(os, "fork"):
            try:
                context = _shared_context_class().from_options(_options(pkg))
                why = context.preload(_SHARED_PXD[kind])
            except Exception as e:   # an unexpected Cython: never a failed build
                why = "%s: %s" % (type(e).__name__, e)
        if why:
            import warnings

            warnings.warn("core.build: the core's .pxd files are read once per module (%s, %s)"
                          % (kind, why))
            context = None
        else:
            import gc

            gc.freeze()   # the children's collector leaves the context's pages unwritten, shared
        _contexts[key] = context
    return _contexts[key]


_SharedContext = []


def _shared_context_class():
    """Cython's Context made to read a set of .pxd files once and hand them to each module
    compiled in a forked child as a fresh context would have read them (docs/decisions/0070).

    A fresh context reads a .pxd when a module first asks for it (Context.find_module), each
    .pxd after those it cimports, and records it in Context.pxds, whose order is the order of
    their inline code in the module's C. This one reads them at once (preload), records which
    modules each .pxd asked for (process_pxd), and empties Context.pxds; then, in the child,
    the first time the module asks for one of them it asks again, in their order, for the
    modules that .pxd asked for, and records it: Context.pxds comes out as the fresh context's.
    like_fresh says whether the module asked for every one, each by the name the preload read it
    by: a module that read fewer would see what the others' analysis did to the scopes it reads
    (functions marked used), and a fresh context describes a .pxd in the C's comments by the
    name first asked (a relative cimport's `flow.pxd`, an absolute one's `core/prims/flow.pxd`)."""
    if _SharedContext:
        return _SharedContext[0]
    from Cython.Compiler import Errors
    from Cython.Compiler.Main import Context

    class SharedContext(Context):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._asked = {}      # id(scope) -> the find_module calls its .pxd made
            self._loaded = {}     # id(scope) -> its Context.pxds entry
            self._names = {}      # id(scope) -> the name the preload asked for it by
            self._renamed = False   # in a module's compilation: one was asked by another name
            self._reading = []    # the calls of each .pxd being read, innermost last
            self._given = None    # in a module's compilation: the ids of the scopes handed out

        def find_module(self, *args, **kwargs):
            if self._reading:
                self._reading[-1].append((args, kwargs))
            scope = super().find_module(*args, **kwargs)
            given = self._given
            if given is not None and id(scope) in self._loaded and id(scope) not in given:
                given.add(id(scope))
                for a, k in self._asked[id(scope)]:
                    self.find_module(*a, **k)
                name = args[0] if args else kwargs["module_name"]
                self._renamed = self._renamed or name != self._names[id(scope)]
                self.pxds[name] = self._loaded[id(scope)]
            return scope

        def process_pxd(self, source_desc, scope, module_name):
            self._reading.append([])
            try:
                return super().process_pxd(source_desc, scope, module_name)
            finally:
                self._asked[id(scope)] = self._reading.pop()

        def preload(self, module_names):
            """Read the .pxd of each of ``module_names`` and what they cimport; None, or why it
            did not work."""
            # errors unprinted: a module cythonized fresh reports them
            Errors.open_listing_file(None, echo_to_stderr=False)
            # looked for from the build's root (the current directory), as a unit's fresh
            # context finds them from its package root: a unit's options name no include
            # path, and the `sgs` script of an editable install has no root on sys.path
            # (pytest has: the preload failed only outside the tests, session 20)
            sys.path.insert(0, os.getcwd())
            try:
                for name in module_names:
                    self.find_module(name, need_pxd=1)
                errors = Errors.get_errors_count()
            finally:
                sys.path.pop(0)
                Errors.close_listing_file()
            if errors:
                return "%d Cython error(s) reading %s" % (errors, ", ".join(module_names))
            self._loaded = {id(scope): (tree, scope) for tree, scope in self.pxds.values()}
            self._names = {id(scope): name for name, (_, scope) in self.pxds.items()}
            if not self._loaded or set(self._loaded) != set(self._asked) or self.utility_pxds:
                return "Cython read the .pxd files otherwise than expected"
            self.pxds.clear()
            self._given = set()
            return None

        def like_fresh(self):
            return (self._given is not None and len(self._given) == len(self._loaded)
                    and not self._renamed)

    _SharedContext.append(SharedContext)
    return SharedContext


def _compile_with_counts(job, inplace, root):
    """_compile_job for a module's C file with gcc's counts of it when the profile has them
    (core/pgo.py), and its stamp."""
    pkg, m, o = job
    c_file = _src_path(pkg, m, root, ".c")
    flags, profile = pgo.use_flags(pkg, m, o, c_file, root) if pgo.profiled(o) else ([], None)
    _compile_job(job, inplace, root, flags)
    fields = {"c": pgo.digest_file(c_file)}
    if profile:
        fields["profile"] = profile
    _write_stamp(pkg, m, root, o, fields)


def _compile_instrumented(job, root):
    """_compile_job for a module's C file instrumented for a training (core/pgo.py), its
    counts of an earlier training gone (gcc would add the new ones to them)."""
    pkg, m, o = job
    aux = pgo.aux_path(pkg, m, root)
    if os.path.exists(aux):
        os.remove(aux)
    _compile_job(job, True, root, pgo.generate_flags(pkg + "." + m), pgo.GENERATE_LINK)
    _write_stamp(pkg, m, root, o, {"c": pgo.digest_file(_src_path(pkg, m, root, ".c")),
                                   "instrumented": "yes"})


def recompile(jobs, instrumented=False, root=ROOT):
    """The C compiler again, in a pool as wide as the machine, for ``jobs`` ((package, module,
    opt) whose C files are current): instrumented for a training, or with gcc's counts where
    the profile has them (core/pgo.py)."""
    from concurrent.futures import ProcessPoolExecutor

    jobs = sorted(jobs, key=lambda j: -_cost(j, root))
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        if instrumented:
            done = [pool.submit(_compile_instrumented, job, root) for job in jobs]
        else:
            done = [pool.submit(_compile_with_counts, job, True, root) for job in jobs]
        for f in done:
            f.result()


def profile_status(root=ROOT):
    """(the modules gcc's profile in pgo/ has counts for, those of them whose extension was
    compiled with those counts) (core/pgo.py), dotted names."""
    entries = pgo.manifest(root).get("modules", {})
    used = []
    for name, entry in sorted(entries.items()):
        stamp = _read_stamp(*name.split(".", 1), root)
        if stamp is not None and stamp[1].get("profile") == entry["profile"]:
            used.append(name)
    return sorted(entries), used


def profile_note(root=ROOT):
    """What a build says of gcc's profile when it did not compile every module it has counts
    for with them; "" when it did (or there is no profile)."""
    trained, used = profile_status(root)
    if len(used) == len(trained):
        return ""
    have = pgo.manifest(root).get("toolchain")
    if pgo.OFF:
        return "compiled without the profile (SGS_PROFILE=off)"
    if have != pgo.toolchain():
        return ("the profile in %s/ was trained with %s, this machine has %s: compiled without "
                "it (`sgs build --pgo` trains one here)" % (pgo.STORE, have, pgo.toolchain()
                                                          or pgo.why_not()))
    stale = sorted(set(trained) - set(used))
    return ("compiled without the profile (their C or level changed since it was trained): %s; "
            "`sgs build --pgo` trains it again" % ", ".join(stale))


def _compile_job(job, inplace, root, flags=(), link=()):
    """The C compiler for one module's C file: its extension next to its source (``flags``
    and ``link``: gcc's words besides, compiling and linking)."""
    from setuptools import Extension
    from setuptools.dist import Distribution

    pkg, m, o = job
    ext = Extension(pkg + "." + m, [_src_path(pkg, m, "", ".c")],   # a level and its flags
                    extra_compile_args=o.split() + _CFLAGS + list(flags),
                    extra_link_args=list(link))
    cwd = os.getcwd()
    os.chdir(root)
    try:
        dist = Distribution({"ext_modules": [ext], "script_name": "build.py"})
        cmd = dist.get_command_obj("build_ext")
        cmd.inplace = bool(inplace)
        # the build decides what is stale (_stale): an extension newer than its C file is
        # compiled again when asked (recompile), which setuptools alone would skip
        cmd.force = True
        # relative (the root is the current folder): gcc names a static function's counts of
        # gcc's profile by its object file's path, which must not be the checkout's (core/pgo.py)
        cmd.build_temp = os.path.join("build", "temp")
        cmd.ensure_finalized()
        cmd.run()
    finally:
        os.chdir(cwd)


def build_core(inplace=True, force=False, quiet=True, modules=None):
    """Cythonize and build the core extension modules.  Returns the list of
    modules that were (re)built."""
    return build_modules("core", modules or MODULES, inplace=inplace, force=force, quiet=quiet, opt=OPT)


def clean():
    for folder in (HERE, PRIMS):
        for f in glob.glob(os.path.join(folder, "*.so")) + glob.glob(os.path.join(folder, "*.c")):
            os.remove(f)


if __name__ == "__main__":
    if "--clean" in sys.argv:
        clean()
    else:
        print("built:", build_core(force="--force" in sys.argv, quiet=False))
