// Loading Python in a Web Worker (importScripts'd by exercises-worker.js and
// design-worker.js): Pyodide, then the site's zips of Python packages, then the modules a
// job needs, imported in advance.
//
// Loading Python from scratch is most of a fresh worker's cost: seconds on a slow
// machine, for every Check and every Solve, since each gets a Python no one's code has
// touched. So a page asks the first worker it boots without code to take a snapshot of
// its memory once the modules are imported ({makeSnapshot: true}), and gives that
// snapshot to the workers that follow ({snapshot}): each starts from that memory, the
// same fresh Python, in a fraction of the time. A snapshot holds Python's memory, not
// files (Pyodide keeps those outside it): the zips are unpacked again; and the random
// generator is seeded afresh, as a new Python's would be. A snapshot this Pyodide cannot
// read falls back on loading from scratch; a failed snapshot is null (the page goes on
// without one).
/* global loadPyodide */
/* exported loadPython */
const SITE_LIB = "/home/pyodide/site-lib";

// `loaded` is called once Pyodide is loaded, before the packages
async function loadPython(base, zips, imports, { snapshot, makeSnapshot } = {}, loaded = () => {}) {
  importScripts(base + "pyodide.js");
  const bytes = zips.map((name) => fetch(base + name).then((r) => r.arrayBuffer()));
  const unpack = async (py) => {
    for (const zip of bytes) py.unpackArchive(await zip, "zip", { extractDir: SITE_LIB });
  };
  if (snapshot) {
    let py = null;
    try {
      py = await loadPyodide({ indexURL: base, _loadSnapshot: snapshot });
    } catch {
      py = null;
    }
    if (py) {
      loaded();
      await unpack(py);
      py.runPython("import importlib, random\nimportlib.invalidate_caches()\nrandom.seed()");
      return { py, snapshot: null };
    }
  }
  const py = await loadPyodide({ indexURL: base, _makeSnapshot: Boolean(makeSnapshot) });
  loaded();
  await unpack(py);
  py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(SITE_LIB)})\n${imports}`);
  let memory = null;
  if (makeSnapshot) {
    try {
      memory = py.makeMemorySnapshot();
    } catch {
      memory = null;
    }
  }
  return { py, snapshot: memory };
}
