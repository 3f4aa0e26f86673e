// The game-design page's Python: a Web Worker that loads Pyodide (served by the site) and
// the library (assets/pyodide/arena.zip), then explores and solves the rules a student
// wrote (coursebuild.design.design). Messages in: {job, code, lang, base}. Messages out:
// {job, type: "start"} when the rules start running (the page's time limit counts from
// there), then {job, type: "done", result}. What the rules print is dropped.
/* global loadPyodide */
let pyodide = null;
let booting = null;

async function boot(base) {
  importScripts(base + "pyodide.js");
  const py = await loadPyodide({ indexURL: base });
  const zip = await (await fetch(base + "arena.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/site-lib" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/site-lib'); import coursebuild.design");
  py.setStdout({ batched: () => {} });
  py.setStderr({ batched: () => {} });
  return py;
}

self.onmessage = async (event) => {
  const { job, code, lang, base } = event.data;
  try {
    if (!pyodide) pyodide = await (booting = booting || boot(base));
    if (code === undefined) return;          // warming up
    self.postMessage({ job, type: "start" });
    const ns = pyodide.toPy({ _code: code, _lang: lang });
    const json = pyodide.runPython(
      "import json\nfrom coursebuild.design import design\njson.dumps(design(_code, _lang))",
      { globals: ns });
    ns.destroy();
    self.postMessage({ job, type: "done", result: JSON.parse(json) });
  } catch (err) {
    self.postMessage({ job, type: "done", result: { error: String(err).slice(0, 2000) } });
  }
};
