// The exercises' Python: a Web Worker that loads Pyodide (served by the site itself) and
// the library (assets/pyodide/arena.zip) on its first job, then runs and checks code.
// Messages in: {job, kind: "run" | "check" | "boot", exercise, code, lang, base}.
// Messages out: {job, type: "progress", step} while loading, {job, type: "start"} when
// the code starts (the page's time limit counts from there), {job, type: "done", result}.
/* global loadPyodide */
let pyodide = null;
let booting = null;   // one load, even when jobs arrive while it runs

async function boot(base, job) {
  self.postMessage({ job, type: "progress", step: "python" });
  importScripts(base + "pyodide.js");
  const py = await loadPyodide({ indexURL: base });
  self.postMessage({ job, type: "progress", step: "library" });
  const zip = await (await fetch(base + "arena.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/site-lib" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/site-lib'); import coursebuild.python_exercises");
  return py;
}

self.onmessage = async (event) => {
  const { job, kind, exercise, code, lang, base } = event.data;
  try {
    if (!pyodide) pyodide = await (booting = booting || boot(base, job));
    if (kind === "boot") return;      // a fresh worker warming up after a stop
    const out = [];
    pyodide.setStdout({ batched: (s) => out.push(s) });
    pyodide.setStderr({ batched: (s) => out.push(s) });
    self.postMessage({ job, type: "start" });
    const t0 = performance.now();
    const call = kind === "check" ? "check(_id, _code, _lang)" : "run(_code, _lang)";
    const ns = pyodide.toPy({ _id: exercise, _code: code, _lang: lang });
    const json = pyodide.runPython(
      `import json\nfrom coursebuild.python_exercises import check, run\njson.dumps(${call})`, { globals: ns });
    ns.destroy();
    const result = JSON.parse(json);
    result.output = out.join("\n");
    result.seconds = (performance.now() - t0) / 1000;
    self.postMessage({ job, type: "done", result });
  } catch (err) {
    self.postMessage({ job, type: "done", result: { status: "error", message: String(err), output: "" } });
  }
};
