"""The verdicts of the course's programming exercises (:mod:`coursebuild.course.python_exercises`,
whose checkers use them): their words in both languages, the short forms of the values
they show, the traceback of a student's error, and the guard that keeps a student's code
from changing what the checker relies on while it runs. Runs in Pyodide too."""

from __future__ import annotations

import operator
import re
import traceback
from typing import Any

from coursebuild.sources.typography import french

_WORDS = {
    "pass": {"fr": "Réussi : {n} cas vérifiés.", "en": "Passed: {n} cases checked."},
    "missing": {"fr": "Le code ne définit pas la fonction `{f}`.",
                "en": "The code does not define the function `{f}`."},
    "fail": {"fr": "Faux sur le plus petit cas trouvé\u00a0:",
             "en": "Wrong on the smallest case found:"},
    "raised": {"fr": "La fonction a levé une exception sur le plus petit cas trouvé\u00a0:",
               "en": "The function raised an exception on the smallest case found:"},
    "call": {"fr": "Appel", "en": "Call"},
    "expected": {"fr": "Attendu", "en": "Expected"},
    "obtained": {"fr": "Obtenu", "en": "Obtained"},
    "syntax": {"fr": "Erreur de syntaxe ligne {line} : {msg}",
               "en": "Syntax error on line {line}: {msg}"},
    "load": {"fr": "Le code lève une exception à son exécution :",
             "en": "The code raises an exception when it runs:"},
    "recursive": {"fr": "Version récursive : elle échoue (RecursionError) sur une chaîne de {n} "
                        "sommets. Utiliser une pile ou une file.",
                  "en": "Recursive version: it fails (RecursionError) on a chain of {n} "
                        "vertices. Use a stack or a queue."},
    "quadratic": {"fr": "Version quadratique : le temps est multiplié par {r:.1f} quand la taille "
                        "double ({a} → {b} sommets, {ta:.3f} s → {tb:.3f} s) ; une version "
                        "linéaire le multiplie par environ 2.",
                  "en": "Quadratic version: the time is multiplied by {r:.1f} when the size "
                        "doubles ({a} → {b} vertices, {ta:.3f} s → {tb:.3f} s); a linear version "
                        "multiplies it by about 2."},
    "quadratic-reads": {"fr": "Version quadratique : elle lit le graphe {rb} fois sur une chaîne "
                              "de {b} sommets, contre {ra} fois sur {a} sommets : le travail est "
                              "multiplié par 4 quand la taille double, au lieu de 2.",
                        "en": "Quadratic version: it reads the graph {rb} times on a chain of {b} "
                              "vertices, against {ra} times on {a} vertices: the work is "
                              "multiplied by 4 when the size doubles, instead of 2."},
    "linear": {"fr": "Version linéaire (une chaîne de {n} sommets en {t:.3f} s).",
               "en": "Linear version (a chain of {n} vertices in {t:.3f} s)."},
    "pruning": {"fr": "Valeurs justes, mais sans élagage : {k} feuilles évaluées sur l'arbre du "
                      "cours, autant que minimax ({m}).",
                "en": "Right values, but no pruning: {k} leaves evaluated on the course's tree, "
                      "as many as minimax ({m})."},
    "pruned": {"fr": "Élagage : {k} feuilles évaluées sur l'arbre du cours au lieu de {m}.",
               "en": "Pruning: {k} leaves evaluated on the course's tree instead of {m}."},
    "rule": {"fr": "Règle", "en": "Rule"},
    "not-successor": {"fr": "{t!r} n'est pas un successeur de {s!r}.",
                      "en": "{t!r} is not a successor of {s!r}."},
    "winning": {"fr": "{s!r} est gagnant de rang {r} : il faut un successeur de rang plus petit "
                      "dans attr0.",
                "en": "{s!r} is winning with rank {r}: a successor of smaller rank in attr0 "
                      "is needed."},
    "losing": {"fr": "{s!r} est perdant : il faut retarder la défaite, vers un successeur du "
                     "plus grand rang dans attr1 ({r}).",
               "en": "{s!r} is losing: the defeat must be delayed, to a successor of the "
                     "greatest rank in attr1 ({r})."},
    "draw": {"fr": "{s!r} est nul : il faut un successeur hors de attr1.",
             "en": "{s!r} is a draw: a successor outside attr1 is needed."},
    "printed-fail": {"fr": "Ce qu'affiche l'appel qui échoue\u00a0:",
                     "en": "What the failing call prints:"},
    "printed-first": {"fr": "Ce qu'affiche le premier cas (ceux des autres cas ne sont pas "
                            "montrés)\u00a0:",
                      "en": "What the first case prints (the other cases' prints are not "
                            "shown):"},
    "left-out": {"fr": "\n… {n} caractères omis …\n", "en": "\n… {n} characters left out …\n"},
    "unreadable": {"fr": "Les réponses de votre fonction n'ont pas pu être lues (le code "
                         "a-t-il modifié ce qui les écrit ?).",
                   "en": "Your function's answers could not be read (did the code change "
                         "what writes them?)."},
    "incomplete": {"fr": "La vérification s'est arrêtée avant que votre fonction ait "
                         "répondu à tous les cas (le code a-t-il modifié le vérificateur ?).",
                   "en": "The check stopped before your function had answered every case "
                         "(did the code change the checker?)."},
    "died": {"fr": "Python s'est arrêté pendant la vérification (le code l'a peut-être "
                   "fermé).",
             "en": "Python stopped during the check (the code may have ended it)."},
    "timeout": {"fr": "Temps limite dépassé ({s} s) : vérification arrêtée.",
                "en": "Time limit exceeded ({s} s): check stopped."},
}


def _say(key: str, lang: str, **kw: Any) -> str:
    if lang != "fr":
        return _WORDS[key]["en"].format(**kw)
    text = french(_WORDS[key]["fr"].format(**kw))
    return re.sub(r"(\d)\.(\d+ s)", r"\1,\2", text)  # French decimal comma


def _short(value: Any, limit: int = 600) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + " …"


def _source(code: str) -> None:
    """Make the student's code the source of ``<exercice>``: tracebacks show its lines."""
    import linecache

    linecache.cache["<exercice>"] = (len(code), None, code.splitlines(True), "<exercice>")


def _tb(exc: BaseException, limit: int = 4) -> str:
    """The last lines of the traceback, inside the student's code only; one line for what
    is not an error but a way out (SystemExit, KeyboardInterrupt, any BaseException that
    is not an Exception): its name, its message and the line that raised it.

    >>> print(_tb(SystemExit(3)))
    SystemExit: 3
    """
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == "<exercice>"]
    try:
        said = str(exc)
    except BaseException:                # a __str__ of the student's that raises
        said = "(its message cannot be shown: its __str__ raised)"
    last = type(exc).__name__ + (f": {said}" if said else "")
    if not isinstance(exc, Exception):
        return last + (f" (line {frames[-1].lineno})" if frames else "")
    lines = [f'  line {f.lineno}, in {f.name}\n    {f.line}' for f in frames[-limit:]]
    return "\n".join([*lines, last])


class _Failure(Exception):
    pass


CHECKERS_MODULES = ("arena.course", "arena.games.nim", "arena.games.tictactoe", "arena.grundy",
                    "arena.minimax", "arena.solver")
"""The modules the checkers (and the guard) import lazily, when a check first needs them."""


def import_checkers() -> None:
    """Import :data:`CHECKERS_MODULES` now (a no-op once done). The page's Python does it
    while it starts, before any student's code: on a slow machine importing them takes
    seconds, which the Check's time limit must not count (issue 61 §14)."""
    import importlib

    for name in CHECKERS_MODULES:
        importlib.import_module(name)


class _Guard:
    """What the checker and the next Run rely on, saved before the student's code runs and
    put back after it runs (its top level, then each call of its function): the builtins,
    the dictionaries of the library's and the course's modules, and the interpreter's
    settings a Run could leave behind (its recursion limit, a trace or profile function,
    the standard streams). The verdict does not depend on it (the judge never runs the
    student's code); it keeps the student's own Python usable from one Run to the next."""

    def __init__(self) -> None:
        import builtins
        import sys

        import_checkers()        # imported now so that they are saved too
        mine = [m for name, m in list(sys.modules.items())
                if name.split(".")[0] in ("arena", "coursebuild", "copy", "random", "math",
                                          "re", "json", "traceback", "collections")]
        self.saved = [(builtins.__dict__, dict(builtins.__dict__))] + [
            (m.__dict__, dict(m.__dict__)) for m in mine]
        self.modules = dict(sys.modules)
        self.sys = sys
        self.settings = (sys.getrecursionlimit(), sys.gettrace(), sys.getprofile(),
                         sys.stdin, sys.stdout, sys.stderr)

    def keep(self, live: dict) -> None:
        """Save ``live`` too, as it is now: the attributes of the check in progress
        (:data:`coursebuild.course.python_exercises.state.NOW`, the guard itself noted in them),
        which no module's dictionary holds."""
        self.saved.append((live, dict(live)))

    def restore(self) -> None:
        """Put back what changed, compared by identity (a value whose ``==`` lies is seen);
        modules imported since stay (the solver imports its compiled path when first
        used)."""
        for live, saved in self.saved:
            # values by identity, in order (a key written again keeps its place); the keys
            if (len(live) != len(saved) or not all(map(operator.is_, live.values(),
                                                       saved.values()))
                    or live.keys() != saved.keys()):
                live.clear()
                live.update(saved)
        modules = self.sys.modules
        for name, module in self.modules.items():
            if modules.get(name) is not module:
                modules[name] = module
        sys = self.sys
        limit, trace, profile, sys.stdin, sys.stdout, sys.stderr = self.settings
        sys.setrecursionlimit(limit)
        if sys.gettrace() is not trace:
            sys.settrace(trace)
        if sys.getprofile() is not profile:
            sys.setprofile(profile)


_PLAIN = (int, float, str, bool, type(None))


def _plain(x: Any, depth: int = 0) -> Any:
    """``x`` made of the built-in types themselves (dict, list, tuple, set, frozenset,
    int, float, str, bool, None), checked by exact type: an object of another type, or of
    a subclass whose ``__eq__`` or ``__ne__`` could lie, is refused."""
    t = type(x)
    if t in _PLAIN:
        return x
    if depth > 200:
        raise TypeError("too deeply nested")
    if t is dict:
        return {_plain(k, depth + 1): _plain(v, depth + 1) for k, v in dict.items(x)}
    if t is list or t is tuple:
        return t(_plain(v, depth + 1) for v in x)
    if t is set or t is frozenset:
        return t(_plain(v, depth + 1) for v in x)
    raise TypeError(f"a value of type {t.__name__} (return dicts, lists, tuples, sets, "
                    "numbers, strings, booleans or None)")


