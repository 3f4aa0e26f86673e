"""Six ways for a wrong ``degres`` to tamper with the interpreter that checks it (issue 38,
"the Check's guarantee"), shared by the CPython tests (test_check_attacks.py) and the
browser's (test_pyodide.py). Each made a wrong function pass Check, in CPython and in the
page, while the student's code ran in the interpreter that gave the verdict; in CPython
most of them also made later checks pass."""

from __future__ import annotations

WRONG_DEGRES = "def degres(A):\n    return {v: 0 for v in A}, {v: 0 for v in A}\n"
"""Every degree 0: wrong on the smallest case, the graph {0: [0]}."""

ROUTES = {
    # a trace function writes the checker's local variable `got` (the answer it compares)
    "sys.settrace": (
        "import sys\n"
        "def tracer(frame, event, arg):\n"
        "    return local if frame.f_code.co_name == '_check_degrees' else None\n"
        "def local(frame, event, arg):\n"
        "    if event == 'line' and 'got' in frame.f_locals and 'dmoins' in frame.f_locals:\n"
        "        frame.f_locals['got'] = (frame.f_locals['dplus'], frame.f_locals['dmoins'])\n"
        "    return local\n"
        "sys.settrace(tracer)\n" + WRONG_DEGRES),
    # the function reaches its callers' frames and writes the expected answers there
    "frame f_locals": (
        "import sys\n"
        "def degres(A):\n"
        "    frame = sys._getframe(1)\n"
        "    while frame is not None:\n"
        "        for name, value in list(frame.f_locals.items()):\n"
        "            if type(value) is dict and name in ('dplus', 'dmoins'):\n"
        "                for k in value:\n"
        "                    value[k] = 0\n"
        "        frame = frame.f_back\n"
        "    return {v: 0 for v in A}, {v: 0 for v in A}\n"),
    # the guard's saved copies of the modules, found through gc, get a forged checker
    "gc and the guard's copies": (
        "import gc\n"
        "for o in gc.get_objects():\n"
        "    if type(o).__name__ == '_Guard':\n"
        "        for live, saved in o.saved:\n"
        "            if '_check_degrees' in saved:\n"
        "                saved['_check_degrees'] = lambda f, lang: 999\n" + WRONG_DEGRES),
    # the checker function keeps its identity and gets another body
    "__code__ swap": (
        "import coursebuild.course.python_exercises as p\n"
        "p._check_degrees.__code__ = (lambda f, lang: 999).__code__\n" + WRONG_DEGRES),
    # a class of the library the checker builds its expected answer with
    "class patch": (
        "import arena.arena\n"
        "arena.arena.Arena.successors = lambda self, v: ()\n" + WRONG_DEGRES),
    # a forged checker that says it equals the real one: a guard that compares with ==
    # believes nothing changed
    "a value whose == lies": (
        "import coursebuild.course.python_exercises as p\n"
        "class Same:\n"
        "    def __eq__(self, other):\n"
        "        return True\n"
        "    def __ne__(self, other):\n"
        "        return False\n"
        "    __hash__ = object.__hash__\n"
        "    def __call__(self, f, lang):\n"
        "        return 999\n"
        "p._check_degrees = Same()\n" + WRONG_DEGRES),
}


# Issue 45: a "solution" that looks for the checker's expected answer wherever the
# student's interpreter could hold one: the frames above its function (sys._getframe,
# inspect.stack), their globals, the objects that refer to its arguments (gc), and the
# checker's module. Where the code runs, no expected answer exists to be found.
STEAL = '''import gc, inspect, sys

def _found(scope):
    if "want_A" in scope and "want" in scope:            # the Nim graph's answer
        w = scope["want"]
        return ({v: list(s) for v, s in scope["want_A"].items()},
                w["S0"], w["S1"], w["V0"], w["V1"])
    for name in ("expected", "want", "good"):
        if name in scope and scope[name] is not None:
            v = scope[name]
            return v[0] if isinstance(v, list) and name != "want" else v
    return None

def _steal(args):
    f = sys._getframe(1)
    while f is not None:
        v = _found(f.f_locals)
        if v is None:
            v = _found(f.f_globals)
        if v is not None:
            return v
        f = f.f_back
    for info in inspect.stack():
        v = _found(info.frame.f_locals)
        if v is not None:
            return v
    for a in args:
        for r in gc.get_referrers(a):
            scope = (r.f_locals if inspect.isframe(r) else
                     r.gi_frame.f_locals if inspect.isgenerator(r) and r.gi_frame else
                     r if isinstance(r, dict) else {})
            v = _found(scope)
            if v is not None:
                return v
    import coursebuild.course.python_exercises as checker
    return _found(vars(checker))

def {name}(*args):
    return _steal(args)
'''


# The neighbours of STEAL that look everywhere rather than up the calls: every thread's
# frames (sys._current_frames), every object the collector tracks (gc.get_objects) and
# every loaded module's globals (the checker's own, a recorded tape).
SCAN = '''import gc, sys

def _scan(args):
    names = ("expected", "want", "good", "_tape", "tape")
    for f in sys._current_frames().values():
        while f is not None:
            for k in names:
                if f.f_locals.get(k) is not None:
                    return f.f_locals[k]
            f = f.f_back
    for o in gc.get_objects():
        if isinstance(o, dict):
            for k in names:
                if k in o and o[k] is not None:
                    return o[k]
    for m in list(sys.modules.values()):
        d = getattr(m, "__dict__", None) or {}
        for k in names:
            if d.get(k) is not None:
                return d[k]
    return None

def {name}(*args):
    return _scan(args)
'''
