"""The markers that send elsewhere: ``<!-- on-site -->`` (where the site is, for a passage
the book prints), ``<!-- handouts -->`` (the printable exercise sheets), ``<!-- book -->``
and ``<!-- book: teachers -->`` (the books), ``<!-- downloads -->`` (the library's wheel
and the command that installs it) and ``<!-- clone -->`` (the course's repository); and,
under each chapter's title, the link to its slides (:func:`deck_link`)."""

from __future__ import annotations

import html
import re

from mkdocs.utils import get_relative_url

from coursebuild.documents.markers import state
from coursebuild.sources import address

HANDOUT_CODE = re.compile(r"^<!-- handouts -->[ \t]*$", re.M)
HANDOUT_TEXT = {
    "fr": ("Les feuilles d'exercices à imprimer, avec leurs solutions\u00a0: "
           '<a href="{fr}" download hreflang="fr">en français (PDF)</a> · '
           '<a href="{en}" download hreflang="en" lang="en">in English (PDF)</a>.'),
    "en": ("The printable exercise sheets, with their solutions: "
           '<a href="{en}" download hreflang="en">in English (PDF)</a> · '
           '<a href="{fr}" download hreflang="fr" lang="fr">en français (PDF)</a>.'),
}
BOOK_CODE = re.compile(r"^<!-- book(?:: (?P<edition>teachers))? -->[ \t]*$", re.M)
BOOK_TEXT = {
    ("fr", "students"): (
        '<p class="arena-book">Tout le cours en un seul livre, composé avec LaTeX, à imprimer '
        'ou à lire hors ligne\u00a0: <a href="{href}" download>{name} (PDF)</a>. Les figures '
        "animées y sont remplacées par leurs figures fixes, les solutions sont regroupées à "
        "la fin de chaque chapitre, et le livre a sa bibliographie et son index.</p>"),
    ("en", "students"): (
        '<p class="arena-book">The whole course as one book, typeset with LaTeX, to print or '
        'to read offline: <a href="{href}" download>{name} (PDF)</a>. The animated figures '
        "are replaced by their still figures, the solutions are gathered at the end of each "
        "chapter, and the book has its bibliography and its index.</p>"),
    ("fr", "teachers"): (
        '<p class="arena-book">Ce guide, les notes sur les sources et la banque de problèmes, '
        'avec les corrigés de ses exemples, forment le livre de l\'enseignant, à part du '
        'livre des élèves\u00a0: <a href="{href}" download>{name} (PDF)</a>.</p>'),
    ("en", "teachers"): (
        '<p class="arena-book">This guide, the notes on the sources and the problem bank, '
        'with its samples\' solutions, make the teacher\'s book, apart from the students\' '
        'one: <a href="{href}" download>{name} (PDF)</a>.</p>'),
}


def wheel_link(lang: str, page_url: str, words: str | None = None) -> str:
    """A link to the library's wheel, which reads as its file name or as ``words``."""
    from coursebuild.products import release

    name = release.wheel_name()
    return (f'<a href="{html.escape(state.url(f"{release.DOWNLOADS}/{name}", page_url))}" '
            f"download>{words or f'<code>{name}</code>'}</a>")


def install_line() -> str:
    """The command that installs the library's wheel from where this copy of the site is."""
    from coursebuild.products import release

    return f"<pre><code>{html.escape(release.install_command(state.where()))}</code></pre>"


DOWNLOADS_CODE = re.compile(r"^<!-- downloads -->[ \t]*$", re.M)
CLONE_CODE = re.compile(r"^<!-- clone -->[ \t]*$", re.M)
CLONE_WORDS = {
    "fr": {"set": "Depuis le dépôt du cours\u00a0:",
           "unset": "Dans une copie du dépôt du cours (le dossier qui contient son "
                    "<code>Makefile</code>)\u00a0:",
           "comment": "# crée .venv et installe tout", "any": "# un environnement de "
                      "carnets au choix"},
    "en": {"set": "From the course's repository:",
           "unset": "In a copy of the course's repository (the folder that holds its "
                    "<code>Makefile</code>):",
           "comment": "# creates .venv and installs everything",
           "any": "# any notebook environment will do"},
}


GUIDE_DOWNLOAD = {
    "fr": {"text": "La bibliothèque <code>arena</code>, que les carnets utilisent, se "
                   "télécharge ici\u00a0: {link}\u00a0; la commande ci-dessous l'installe "
                   "avec ses figures (la page d'un carnet donne aussi, dans sa section "
                   "« Télécharger », le carnet lui-même).",
           "link": "son fichier .whl",
           "print": "La bibliothèque <code>arena</code>, que les carnets utilisent, se "
                    "télécharge dans les sections « Télécharger » des {where} (celle de ce "
                    "guide et celle de chaque carnet)\u00a0; la commande ci-dessous "
                    "l'installe avec ses figures.",
           "pages": "pages web du cours",
           "published": "Elle est publiée sur l'index des paquets Python.",
           "unpublished": "Elle n'est pas encore publiée sur l'index des paquets "
                          "Python\u00a0: la commande installe ce fichier",
           "saved": ", depuis le dossier où vous l'avez enregistré."},
    "en": {"text": "The <code>arena</code> library, which the notebooks use, is downloaded "
                   "here: {link}; the command below installs it with its figures (a "
                   "notebook's page also gives the notebook itself, in its \"Download\" "
                   "section).",
           "link": "its .whl file",
           "print": "The <code>arena</code> library, which the notebooks use, is downloaded "
                    "from the \"Download\" sections of the {where} (this guide's and each "
                    "notebook's); the command below installs it with its figures.",
           "pages": "course's web pages",
           "published": "It is published on the Python package index.",
           "unpublished": "It is not published on the Python package index yet: the "
                          "command installs this file",
           "saved": ", from the folder where you saved it."},
}
"""The teachers' guide's "Download" section (the wheel's long name is in the command: a
book cannot break it inside a sentence)."""


def downloads_markdown(lang: str, page_url: str) -> str:
    """The teachers' guide's "Download" section: the library's wheel and its command."""
    w = GUIDE_DOWNLOAD[lang]
    text = w["text"].format(link=wheel_link(lang, page_url, w["link"]))
    if address.package_published():
        status = w["published"]
    else:
        status = w["unpublished"] + ("." if address.published(lang) else w["saved"])
    url = address.published(lang)       # the book prints a link's address as a footnote
    where = f'<a href="{html.escape(url)}">{w["pages"]}</a>' if url else w["pages"]
    printed = w["print"].format(where=where)
    return (f'<div class="arena-screen" markdown>\n<p>{text} {status}</p>\n</div>\n'
            f'<div class="arena-print" markdown>\n<p>{printed} {status}</p>\n</div>\n'
            f"{install_line()}")


def clone_markdown(lang: str) -> str:
    """How a teacher gets the course's sources and runs its notebooks: ``git clone`` with
    the repository's address when REPO_URL gives it, else from a copy of the repository
    (never a placeholder)."""
    w = CLONE_WORDS[lang]
    repo = address.repository()
    lines = ([f"git clone {repo} arena && cd arena"] if repo else []) + [
        f"make site                                   {w['comment']}",
        f".venv/bin/python -m pip install jupyterlab  {w['any']}",
        f".venv/bin/jupyter lab docs/{lang}/notebooks"]
    return (f"<p>{w['set'] if repo else w['unset']}</p>\n\n```sh\n" + "\n".join(lines)
            + "\n```\n")


ON_SITE = re.compile(r"<!-- ([Oo])n-site -->")
ON_SITE_WORDS = {
    "fr": {"set": "{sur} <a href=\"{url}\">le site du cours</a>",
           "unset": "{dans} les pages web du cours (que votre enseignant peut distribuer "
                    "sous forme de dossier)"},
    "en": {"set": "{on} <a href=\"{url}\">the course's site</a>",
           "unset": "{in_} the course's web pages (which your teacher can hand out as a "
                    "folder)"},
}


def site_phrase(lang: str, capital: bool) -> str:
    """Where the screen's version of a passage is, for its printed version: the course's
    site, linked (the book prints its address), when SITE_URL gives one; else the
    course's pages, which need no address (never "the site" alone, never a placeholder).
    ``<!-- on-site -->`` in a chapter, ``<!-- On-site -->`` at a sentence's start."""
    url = address.published(lang)
    words = {k: (v.capitalize() if capital else v) for k, v in
             {"sur": "sur", "dans": "dans", "on": "on", "in_": "in"}.items()}
    return ON_SITE_WORDS[lang]["set" if url else "unset"].format(url=html.escape(url),
                                                                 **words)


def expand_on_site(markdown: str, lang: str) -> str:
    """The phrases marked ``<!-- on-site -->``: the book moves their sentence into the
    chapter's "Online" box."""
    return ON_SITE.sub(lambda m: '<span class="arena-online">'
                       + site_phrase(lang, m[1] == "O") + "</span>", markdown)


def expand(markdown: str, lang: str, page_url: str, book) -> str:
    """The page with its links to the handouts, the books (named by the configuration's
    ``extra.book``), the library's wheel and the repository in place of their markers."""
    markdown = HANDOUT_CODE.sub(lambda m: '<p class="arena-handouts">' + HANDOUT_TEXT[lang].format(
        **{k: state.url(f"handouts/handout-{k}.pdf", page_url) for k in ("fr", "en")}) + "</p>",
        markdown)

    def book_line(m: re.Match) -> str:
        from coursebuild.typeset.editions import edition_name

        edition = m.group("edition") or "students"
        name = edition_name(book, lang, edition)
        return BOOK_TEXT[lang, edition].format(href=get_relative_url(name, page_url or "."),
                                               name=name)

    markdown = BOOK_CODE.sub(book_line, markdown)
    markdown = DOWNLOADS_CODE.sub(lambda m: downloads_markdown(lang, page_url), markdown)
    return CLONE_CODE.sub(lambda m: clone_markdown(lang), markdown)


def deck_link(markdown: str, lang: str, page_name: str, page_url: str) -> str:
    """A chapter's page with, under its title, the link to its slides to project
    (:mod:`coursebuild.documents.slides.web`); another page as it is."""
    from coursebuild.documents.slides.web import WORDS, slides_path
    from coursebuild.typeset.editions import chapters

    if page_name not in {page for _, page, _ in chapters(lang)}:
        return markdown
    target = slides_path(page_name, state.where() == "zip").removesuffix("index.html")
    link = (f'<p class="arena-deck-link"><a href="{get_relative_url(target, page_url)}">'
            f'{html.escape(WORDS[lang]["open"])}</a></p>')
    return re.sub(r"^(# .*\n)", lambda m: m[1] + "\n" + link + "\n", markdown, count=1,
                  flags=re.M)
