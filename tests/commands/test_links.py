"""No broken internal link or anchor anywhere in the built site (checked offline)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

from coursebuild.sources import address

ATTR = re.compile(r'\b(?:href|src)="([^"]+)"')
PREFIX = "/arena/"   # the path of a SITE_URL such as https://you.github.io/arena/
ID = re.compile(r'\bid="([^"]+)"')


def _target(page: Path, link: str, site: Path) -> tuple[Path, str] | None:
    url, fragment = urldefrag(html.unescape(link))
    parsed = urlparse(url)
    if parsed.scheme or url.startswith(("//", "mailto:", "data:", "javascript:")):
        return None
    if parsed.path.startswith(PREFIX):
        path = (site / unquote(parsed.path[len(PREFIX):])).resolve()
    elif parsed.path.startswith("/"):     # 404 pages link from the site's root
        path = (site / unquote(parsed.path[1:])).resolve()
    else:
        path = (page.parent / unquote(parsed.path)).resolve() if url else page
    if path.is_dir() or url.endswith("/"):
        path = path / "index.html"
    return path, fragment


def test_every_internal_link_and_anchor_resolves(site):
    ids: dict[Path, set[str]] = {}
    broken = []
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 40
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for link in ATTR.findall(text):
            found = _target(page, link, site)
            if found is None:
                continue
            path, fragment = found
            if not path.exists():
                broken.append(f"{page.relative_to(site)} -> {link}")
                continue
            if fragment and path.suffix == ".html":
                if path not in ids:
                    ids[path] = set(ID.findall(path.read_text(encoding="utf-8")))
                if unquote(fragment) not in ids[path]:
                    broken.append(f"{page.relative_to(site)} -> {link} (no anchor)")
    assert broken == []


def test_no_link_points_to_another_host_except_the_repository(site):
    from coursebuild.course.pages.bibliography import works

    outside = set()
    published = urlparse(address.published()).hostname   # SITE_URL's, when it is set
    # the bibliography's page links to the works it lists (their DOI, their page): links
    # a reader follows, never a resource the page loads
    cited = {"doi.org"} | {urlparse(w["url"]).hostname for w in works() if w.get("url")}
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        bibliography = page.parent.name == "bibliography"
        for attr, link in re.findall(r'\b(href|src)="([^"]+)"', text):
            host = urlparse(html.unescape(link)).hostname
            if bibliography and attr == "href" and host in cited:
                continue
            if host and host not in ("github.com", published):
                outside.add(f"{page.relative_to(site)}: {host}")
    # no other host (no CDN, no web font service): the repository and the site's address
    assert outside == set(), outside
    assert len(cited) > 1
