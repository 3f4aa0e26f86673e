"""The exercises' markers: ``<!-- exercise: ID -->`` becomes a Python exercise run in the
browser (its texts from ``docs/exercises``, :mod:`coursebuild.sources.exercise_source`; its check
from :mod:`coursebuild.course.python_exercises`; ``assets/javascripts/exercises.js``), and
``<!-- design: EXAMPLE -->`` the game-design block (``assets/javascripts/design.js``)."""

from __future__ import annotations

import html
import json
import re

from mkdocs.exceptions import PluginError

from coursebuild.documents.markers import state

EXERCISE = re.compile(r"^(?P<indent>[ \t]*)<!-- exercise: (?P<id>[a-z0-9-]+) -->[ \t]*$", re.M)
DESIGN = re.compile(r"^(?P<indent>[ \t]*)<!-- design: (?P<id>[a-z0-9-]+) -->[ \t]*$", re.M)


EXERCISE_WORDS = {
    "fr": {"exercise": "Exercice (Python)", "run": "Exécuter", "check": "Vérifier",
           "stop": "Arrêter", "reset": "Réinitialiser", "solution": "Solution",
           "noscript": "Cet exercice demande JavaScript ; le code de départ est ci-dessus.",
           "help": "Tab indente\u00a0; Échap puis Tab quitte l'éditeur.",
           "output": "Sortie", "editor": "Code Python de l'exercice",
           "guarantee": "« Vérifier » exécute votre code dans un Python à part et juge les "
                        "réponses qu'il donne dans un autre, que votre code ne peut pas "
                        "atteindre\u00a0: seules des réponses justes réussissent.",
           "measured": "« Vérifier » exécute votre code dans un Python à part et juge les "
                       "réponses qu'il donne dans un autre, que votre code ne peut pas "
                       "atteindre\u00a0: seules des réponses justes réussissent, mais {what} "
                       "se mesurent dans le Python de votre code, qui pourrait les fausser."},
    "en": {"exercise": "Exercise (Python)", "run": "Run", "check": "Check", "stop": "Stop",
           "reset": "Reset", "solution": "Solution",
           "noscript": "This exercise needs JavaScript; the starter code is above.",
           "help": "Tab indents; Escape then Tab leaves the editor.",
           "output": "Output", "editor": "Python code of the exercise",
           "guarantee": "Check runs your code in a Python of its own and judges the answers "
                        "it gives in another one, which your code cannot reach: only right "
                        "answers pass.",
           "measured": "Check runs your code in a Python of its own and judges the answers "
                       "it gives in another one, which your code cannot reach: only right "
                       "answers pass, but {what} are measured in your code's Python, where "
                       "code could fake them."},
}


def exercise_html(exercise_id: str, lang: str, page_url: str, config=None) -> str:
    """The block ``assets/javascripts/exercises.js`` brings to life: statement, starter
    code (static, and what print shows), buttons, output, verdict, what Check guarantees,
    folded solution (the answer's code, then what the exercise's source adds). The texts
    come from ``docs/exercises`` (:mod:`coursebuild.sources.exercise_source`), the function's name
    and what its check measures from its checker (:mod:`coursebuild.course.python_exercises`)."""
    from coursebuild.course.python_exercises import FUNCTIONS, MEASURED
    from coursebuild.sources import exercise_source
    from coursebuild.sources.typography import french

    exercise = exercise_source.python_exercises().get(exercise_id)
    if exercise is None or exercise_id not in FUNCTIONS:
        raise PluginError(f"unknown Python exercise {exercise_id!r} (not in docs/exercises "
                          "with its checker in coursebuild.course.python_exercises)")
    w = EXERCISE_WORDS[lang]
    starter, answer = exercise.code("starter", lang), exercise.code("answer", lang)
    attrs = {"class": "arena-exercise", "data-exercise": exercise_id, "data-lang": lang,
             "data-pyodide": state.url("assets/pyodide/", page_url),
             "data-worker": state.url("assets/javascripts/exercises-worker.js", page_url),
             "data-editor": state.url("assets/javascripts/editor.js", page_url),
             "data-starter": starter, "data-label": w["editor"]}
    text = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
    statement = _markdown_html(exercise.text("statement", lang), config)
    more = exercise.text("solution", lang)
    more = _markdown_html(more, config) if more.strip() else ""
    if lang == "fr":
        statement, more = french(statement), french(more)
    buttons = "".join(f'<button type="button" class="md-button" data-action="{a}">{w[a]}</button>'
                      for a in ("run", "check", "stop", "reset"))
    measured = MEASURED.get(exercise_id)
    guarantee = (w["measured"].format(what=measured[lang]) if measured else w["guarantee"])
    return (f'<div {text} id="{exercise.anchor}"><p class="arena-exercise-title"><strong>'
            f'{html.escape(exercise.heading(lang))}</strong></p>{statement}'
            f'<pre class="arena-exercise-starter"><code>{html.escape(starter)}'
            '</code></pre>'
            f'<div class="arena-exercise-editor" hidden></div>'
            f'<p class="arena-exercise-help" hidden>{w["help"]}</p>'
            f'<p class="arena-exercise-help arena-exercise-guarantee" hidden>'
            f'{html.escape(guarantee)}</p>'
            f'<div class="arena-exercise-buttons" hidden>{buttons}</div>'
            f'<pre class="arena-exercise-output" data-role="output" role="log" '
            f'aria-label="{w["output"]}" hidden></pre>'
            f'<div class="arena-exercise-verdict" data-role="verdict" aria-live="polite"></div>'
            f'<p class="arena-noscript">{w["noscript"]}</p>'
            f'<details class="arena-exercise-solution"><summary>{w["solution"]}</summary>'
            f'<pre><code>{html.escape(answer)}</code></pre>{more}</details></div>')


def _markdown_html(text: str, config=None) -> str:
    """Markdown of an exercise as HTML, with the site's extensions (formulas, snippets)
    when the site's configuration is given."""
    import markdown as md

    if config is None:
        return md.markdown(text)
    return md.markdown(text, extensions=config["markdown_extensions"],
                       extension_configs=config["mdx_configs"])


DESIGN_WORDS = {
    "fr": {"noscript": "Cette page demande JavaScript : elle exécute vos règles en Python "
                       "dans le navigateur.",
           "editor": "Règles du jeu, en Python"},
    "en": {"noscript": "This page needs JavaScript: it runs your rules in Python in the "
                       "browser.",
           "editor": "Rules of the game, in Python"},
}


def design_html(example: str, lang: str, page_url: str) -> str:
    """The game-design block ``assets/javascripts/design.js`` brings to life: an editor
    holding the rules of ``example``, the other examples to load, and what the worker
    returns (:func:`coursebuild.course.design.design`) drawn with the course's widgets."""
    from coursebuild.course.design import EXAMPLES

    examples = {k: {"title": e["title"][lang], "code": e["code"][lang]}
                for k, e in EXAMPLES.items()}
    attrs = {"class": "arena-design", "data-lang": lang, "data-example": example,
             "data-examples": json.dumps(examples, ensure_ascii=False, sort_keys=True),
             "data-pyodide": state.url("assets/pyodide/", page_url),
             "data-worker": state.url("assets/javascripts/design-worker.js", page_url),
             "data-editor": state.url("assets/javascripts/editor.js", page_url),
             "data-viz": state.url("assets/javascripts/vendor/viz-global.js", page_url),
             "data-label": DESIGN_WORDS[lang]["editor"]}
    text = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
    return f'<div {text}><p class="arena-noscript">{DESIGN_WORDS[lang]["noscript"]}</p></div>'


def expand(markdown: str, lang: str, page_url: str, config) -> str:
    """The page with its exercises, then its design blocks, in place of their markers."""
    markdown = EXERCISE.sub(lambda m: m.group("indent") + exercise_html(
        m.group("id"), lang, page_url, config), markdown)
    return DESIGN.sub(lambda m: m.group("indent") + design_html(m.group("id"), lang,
                                                                 page_url), markdown)
