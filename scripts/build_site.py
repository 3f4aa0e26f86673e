"""Build the bilingual course site into ``site/`` (what ``make site`` runs).

1. the figure catalogue (``arena figures``, incremental);
2. the generated Markdown fragments (``scripts/fragments.py``);
3. the notebooks, executed with a cache (``scripts/notebooks.py``);
4. the French and English sites, built in parallel by MkDocs in strict mode, then put
   together: French at ``site/``, English at ``site/en/``.

Usage: python scripts/build_site.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
CONFIGS = {"fr": ROOT / "mkdocs.yml", "en": ROOT / "mkdocs.en.yml"}
OUTPUTS = {"fr": ROOT / "build" / "site-fr", "en": ROOT / "build" / "site-en"}


def mkdocs_builds(outputs: dict[str, Path] = OUTPUTS) -> None:
    """Build both languages in parallel, in strict mode, into ``outputs[lang]``."""
    env = dict(os.environ, PYTHONHASHSEED="0", NO_MKDOCS_2_WARNING="1",
               SOURCE_DATE_EPOCH=os.environ.get("SOURCE_DATE_EPOCH", "1700000000"))
    procs = {lang: subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "--strict",
                                     "-f", str(cfg), "-d", str(outputs[lang])], cwd=ROOT,
                                    env=env, stderr=subprocess.PIPE, text=True)
             for lang, cfg in CONFIGS.items()}
    failed = []
    for lang, proc in procs.items():
        _, err = proc.communicate()
        # warnings and errors only (strict mode counts the warnings: no -q, which hides them)
        shown = "".join(line for line in err.splitlines(True) if not line.startswith("INFO"))
        if shown.strip():
            sys.stderr.write(shown)
        if proc.returncode:
            failed.append(lang)
    if failed:
        raise SystemExit(f"site: mkdocs failed for {', '.join(failed)}")


def assemble(site: Path) -> None:
    tmp = site.with_name(site.name + ".new")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(OUTPUTS["fr"], tmp)
    shutil.copytree(OUTPUTS["en"], tmp / "en")
    shutil.rmtree(site, ignore_errors=True)
    os.replace(tmp, site)


def main() -> int:
    import fragments
    import notebooks

    from arena import figures

    t0 = time.perf_counter()
    figures.build(ROOT / "docs" / "figures")
    fragments.main([])
    notebooks.build()
    print("site: building the French and English sites", file=sys.stderr, flush=True)
    mkdocs_builds()
    assemble(ROOT / "site")
    print(f"site: done in {time.perf_counter() - t0:.1f} s -> {ROOT / 'site'} "
          "(French at /, English at /en/)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
