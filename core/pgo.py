"""gcc's profile of training games, kept with the sources: a profile-guided build.

gcc compiles a module better when it knows which branches and functions games run through
(`-fprofile-use`): it lays the hot paths out straight and together and moves the cold code
apart. The runtime's profile is flat — thousands of small functions over ~50 modules, each on
some game's path — so that layout, not fewer instructions, is what the profile buys: the
same games at ~1.5× the games a second for ~5 % fewer instructions (docs/performance.md step
268, docs/decisions/0303).

`sgs build --pgo` trains it: every optimised module compiled instrumented
(`-fprofile-generate`), the training games played (compiler/training.py), each module's
counts copied into ``pgo/`` with a manifest, then the modules compiled with them. The folder
is committed, so a fresh checkout's `sgs build` is profile-guided. A module is compiled with
its counts only while its C, its optimisation level and the toolchain (C compiler, Python,
Cython) are those it was trained with: gcc would otherwise apply counts of other code. A
module whose C changed since is compiled without (`sgs build` says how many), until
`sgs build --pgo` trains again; the build's stamp of a module (build/opt/) records which
counts it was compiled with, so new counts rebuild it.
"""
import os
import sys

# (what else it needs is imported where it is used: core/build.py, and so this module, is
# imported by every `import core`, which decides whether the core runs compiled)

STORE = "pgo"                 # the profile's folder under the root
MANIFEST = "manifest.json"    # in it: the toolchain, the training, each module's entry
# gcc's analysis of Cython's C with the profile's inlining finds locals "maybe used
# uninitialized" that Cython's own flow analysis has proven set (a loop's index read after it):
# warnings we do not read (core/build.py's _CFLAGS)
_QUIET = ("-Wno-maybe-uninitialized",)
# compiled with the profile: a function the training never ran is optimised as without one
# (not for size: a pack or a mode the training reached little must not be dearer than
# unprofiled); a function whose control flow does not match its counts (which the checks
# below leave impossible) is gcc's warning, not a failed build
USE_FLAGS = ("-fprofile-use", "-fprofile-partial-training", "-Wno-error=coverage-mismatch") + _QUIET
# instrumented: its counters updated by one thread (a game runs in one), the link with gcc's
# run-time counters
GENERATE_LINK = ("-fprofile-generate",)


# SGS_PROFILE=off: every build compiles without the profile, to measure a change of the C
# by itself (both sides of an A/B), as the steps before 268 were measured
OFF = os.environ.get("SGS_PROFILE", "") == "off"


def generate_flags(name):
    """gcc's flags compiling module ``name`` instrumented. The seed makes gcc's stamp in the
    counts file the same for the same module, so the same training writes the same bytes."""
    return ["-fprofile-generate", "-fprofile-update=single", "-frandom-seed=" + name, *_QUIET]


def profiled(opt):
    """Whether a module compiled at ``opt`` (a level and its flags) has a profile: none at -O0,
    where gcc uses none, nor at -Og, the generated units of skills and cards (decision 0307):
    a rule author's unit, rebuilt at each change of its specs, needs no training."""
    return opt.split()[0] not in ("-O0", "-Og")


def _cc():
    import sysconfig

    return (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]


_toolchain = []   # toolchain()'s answer, once a process


def toolchain():
    """What a profile fits, one line: the C compiler's version line, CPython's version (its
    headers make the modules' C) and Cython's. None when the C compiler is not gcc (clang's
    profiles are another format, made by other flags)."""
    if not _toolchain:
        _toolchain.append(_ask_toolchain())
    return _toolchain[0]


def _ask_toolchain():
    import subprocess

    import Cython

    try:
        out = subprocess.run([_cc(), "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    first = out.stdout.splitlines()[0] if out.returncode == 0 and out.stdout else ""
    if "gcc" not in first.lower() or "clang" in out.stdout.lower():
        return None
    return "%s; CPython %s; Cython %s" % (first.strip(), sys.version.split()[0], Cython.__version__)


def why_not():
    """Why this machine cannot train or use a profile; "" when it can."""
    return "" if toolchain() else "the C compiler %r is not gcc" % _cc()


def digest_file(path):
    """A file's sha256 (hex); None when it does not exist."""
    import hashlib

    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


def _manifest_path(root):
    return os.path.join(root, STORE, MANIFEST)


_read = {}   # manifest path -> (mtime, parsed)


def manifest(root):
    """The profile's manifest under ``root`` ({} when there is none)."""
    path = _manifest_path(root)
    try:
        mtime = os.path.getmtime(path)
    except OSError:
        return {}
    if _read.get(path, (None,))[0] != mtime:
        import json

        with open(path, encoding="utf-8") as f:
            _read[path] = (mtime, json.load(f))
    return _read[path][1]


def fitting(package, mod, opt, c_digest, root):
    """The digest of the counts module ``package.<mod>`` compiles with at ``opt`` from C of
    ``c_digest``: its entry's when the manifest has one trained from that C at that level with
    this toolchain; None (compiled without) otherwise."""
    entry = manifest(root).get("modules", {}).get(package + "." + mod)
    if not entry or not profiled(opt) or entry["opt"] != opt or entry["c"] != c_digest or OFF:
        return None
    if manifest(root).get("toolchain") != toolchain():
        return None
    return entry["profile"]


def aux_path(package, mod, root):
    """Where gcc writes and reads a module's counts: beside its object file, which setuptools
    puts at build/temp/<its C file's path>.o (core/build.py: _compile_job)."""
    return os.path.join(root, "build", "temp", package, *mod.split(".")) + ".gcda"


def _stored(package, mod, root):
    return os.path.join(root, STORE, package + "." + mod + ".gcda")


def use_flags(package, mod, opt, c_file, root):
    """(gcc's flags, the counts' digest or None) compiling ``package.<mod>`` from ``c_file``:
    its counts put where gcc reads them when they fit (fitting), else none left there."""
    aux = aux_path(package, mod, root)
    if os.path.exists(aux):
        os.remove(aux)
    profile = fitting(package, mod, opt, digest_file(c_file), root)
    if profile is None:
        return [], None
    import shutil

    os.makedirs(os.path.dirname(aux), exist_ok=True)
    shutil.copyfile(_stored(package, mod, root), aux)
    return list(USE_FLAGS), profile


def save(jobs, root, training):
    """Keep the counts the training wrote for ``jobs`` ((package, module, opt) compiled
    instrumented) in the store, with a new manifest (``training``: what was played); the
    store's earlier counts go. The modules the training never imported get no entry. The
    dotted names saved."""
    import json
    import shutil

    store = os.path.join(root, STORE)
    os.makedirs(store, exist_ok=True)
    for name in os.listdir(store):
        if name.endswith(".gcda"):
            os.remove(os.path.join(store, name))
    modules = {}
    for package, mod, opt in sorted(jobs):
        aux = aux_path(package, mod, root)
        if not os.path.exists(aux):
            continue
        shutil.copyfile(aux, _stored(package, mod, root))
        c_file = os.path.join(root, package, *mod.split(".")) + ".c"
        modules[package + "." + mod] = {"opt": opt, "c": digest_file(c_file),
                                        "profile": digest_file(aux)}
    text = json.dumps({"toolchain": toolchain(), "training": training, "modules": modules},
                      ensure_ascii=False, indent=1, sort_keys=True)
    with open(_manifest_path(root), "w", encoding="utf-8") as f:
        f.write(text + "\n")
    return sorted(modules)
