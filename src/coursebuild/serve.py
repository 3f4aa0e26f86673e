"""Live preview of the whole bilingual site (what ``make serve`` runs).

Builds the site as ``make site`` does (figures, fragments, notebooks, both languages),
serves ``site/`` with French at ``/`` and English at ``/en/`` (so the language switch
goes to the same page in the other language), and rebuilds when an author saves a
chapter, an example file, a figure recipe, the library, a stylesheet or a script; the
browser reloads by itself (MkDocs' live-reload server).

Usage: python -m coursebuild serve [--host 127.0.0.1] [--port 8000] [--no-build]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from coursebuild.paths import ROOT

# What an author edits. Not docs/figures, docs/generated nor the executed notebooks:
# the build writes those (only when their bytes change), so watching them would loop.
WATCHED = ["docs/fr", "docs/en", "docs/examples", "docs/assets", "docs/listings", "docs/data",
           "src/arena", "src/coursebuild", "overrides", "mkdocs.base.yml", "mkdocs.yml",
           "mkdocs.en.yml", "handouts", "docs/notebooks"]


def rebuild() -> None:
    """One build of the whole site; an error is reported and the last site stays served."""
    from coursebuild import site

    t0 = time.perf_counter()
    try:
        site.main(["--no-zip", "--no-book"])
    except SystemExit as exc:          # a failed step (mkdocs, a notebook) says why
        print(f"serve: build failed ({exc}); still serving the last good site",
              file=sys.stderr, flush=True)
        return
    print(f"serve: rebuilt in {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-build", action="store_true",
                        help="serve site/ as it is; build only when a file changes")
    args = parser.parse_args(argv)
    from mkdocs.livereload import LiveReloadServer

    if not args.no_build or not (ROOT / "site" / "index.html").exists():
        rebuild()
    server = LiveReloadServer(builder=rebuild, host=args.host, port=args.port,
                              root=str(ROOT / "site"))
    for path in WATCHED:
        if (ROOT / path).exists():
            server.watch(str(ROOT / path))
    print(f"serve: http://{args.host}:{args.port}/ (French) and "
          f"http://{args.host}:{args.port}/en/ (English); Ctrl-C stops", file=sys.stderr,
          flush=True)
    try:
        server.serve()
    except KeyboardInterrupt:
        print("serve: stopped", file=sys.stderr)
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
