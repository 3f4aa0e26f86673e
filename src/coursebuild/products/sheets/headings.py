"""The headings of a class's roster as schools' and registries' exports write them (French:
Pronote, ENT, Parcoursup; British: SIMS, exam boards, a university's student records
system), any case, with or without accents:
which column holds a part of a student's name, the whole name, a candidate number, or
something the sheets leave out (an e-mail, a class)."""

from __future__ import annotations

import re
import unicodedata

KINDS = ("last", "first", "full", "candidate", "id", "other")
"""What a column holds: a part of the name (``last``: Nom, Surname; ``first``: Prénom,
Forename), the whole name (``full``: Nom Prénom, Élève, Student), a number to print in
the candidate's box (``candidate``: Candidate No, N° de candidat; ``id``: INE, Student ID,
taken when no candidate number is given), or another column (``other``)."""

_WORDS = {
    "last": r"nom|noms|nom de famille|nom d usage|nom usuel|nom de naissance|nom patronymique|"
            r"nom legal|last ?name|surname|legal surname|preferred surname|family ?name",
    "first": r"prenoms?|prenom usuel|prenom d usage|premier prenom|autres prenoms|"
             r"first ?names?|given ?names?|forenames?|legal forename|preferred forename|"
             r"preferred (?:first )?name|middle ?names?|(?:fore|first |given )names? s|"
             r"known as",
    "full": r"name|names|full ?name|nom (?:et |- )?prenoms?|prenoms? (?:et )?nom|nom complet|"
            r"identite|eleves?|etudiante?s?|candidate?s?|candidate name|student|students|"
            r"student name|pupils?|pupil name|learner|learner name|nom de l eleve|nom eleve|"
            r"nom de l etudiant|nom du candidat",
    "candidate": r"candidate? (?:no|nos|num|number|numbers|n|ref|id)|cand no|"
                 r"(?:n|no|num|numero) (?:de )?candidat|numero d anonymat|anonymat|"
                 r"exam (?:no|number)",
    "id": r"ine|n ine|no ine|numero ine|ine eleve|student (?:id|no|num|number)|"
          r"pupil (?:id|no|number)|learner (?:id|number)|id|ids|identifiant|matricule|"
          r"numero|n|no|num|number|uln|upn|adno|admission (?:no|number)|"
          r"(?:n|no|numero) (?:d )?(?:etudiant|eleve|inscription|dossier)|numero national|"
          r"student (?:code|ref|reference)|spr code|registration (?:no|number)|"
          r"matriculation (?:no|number)",
    "other": r"e ?mails?|courriels?|mails?|adresse (?:e ?mail|mail|electronique)|"
             r"email address|classes?|class|groupes?|groups?|form|tutor group|reg group|"
             r"registration group|year|year group|annee|niveau|division|date.*|dob|"
             r"nee? le|ne e le|birth ?date|sexe|sex|genre|gender|regime|options?.*|"
             r"specialites?.*|lv ?\d.*|telephone|tel|phone|mobile|adresse|address|"
             r"remarques?|notes?|comments?|commentaires?|statut|status|tiers temps|"
             r"amenagements?|pap|pai|sen|send|login|identifiant ent|username|user ?name|"
             r"programmes?(?: (?:code|title|name|of study))?|course(?: (?:code|title|name))?|"
             r"modules?(?: (?:code|title|name))?|route(?: code)?|year of study|study year|"
             r"level|mode of (?:study|attendance)|department|school|faculty|title",
}
_PATTERNS = {kind: re.compile(rf"(?:{_WORDS[kind]})") for kind in KINDS}

PREFERRED = re.compile(r"d usage|usuel|preferred|known as")
"""A part of the name a student goes by (Nom d'usage, Preferred forename), taken rather
than the other columns of that part (Nom de naissance, Legal surname, Forename(s) beside
Known as)."""


def normal(cell: str) -> str:
    """A heading as compared: lower case, without accents, its punctuation as spaces.

    >>> normal("  N° d'Élève ")
    'n d eleve'
    """
    folded = "".join(c for c in unicodedata.normalize("NFKD", cell)
                     if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^a-z0-9]+", " ", folded.lower()).split())


def kind(cell: str) -> str | None:
    """What the column headed ``cell`` holds (one of :data:`KINDS`), or None when it is
    no heading.

    >>> [kind(c) for c in ("NOM", "Prénom", "Nom Prénom", "Candidate No", "INE", "E-mail",
    ...                    "Dupont")]
    ['last', 'first', 'full', 'candidate', 'id', 'other', None]
    """
    text = normal(cell)
    return next((k for k in KINDS if _PATTERNS[k].fullmatch(text)), None)
