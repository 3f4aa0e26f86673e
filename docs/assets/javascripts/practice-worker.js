// The practice page's Python: a Web Worker that loads Pyodide, the library and the bank
// of problems (assets/pyodide/arena.zip and practice.zip, both served by the site) and
// Graphviz compiled to WebAssembly, then makes variants (coursebuild.course.practice.view: the
// bank's statement, solution and figures) and checks answers (coursebuild.course.practice.check)
// for the page. No code of the reader runs here: the answers are read as text.
//
// Messages in: {kind: "boot", base, viz}, {kind: "variant", id, problem, seed, lang},
// {kind: "check", id, problem, seed, lang, answers: {field: text}}. Messages out:
// {type: "loaded"} (the interpreter is there, the modules come next), {type: "ready"}
// (or {type: "failed", message}), {type: "variant", id, view, svgs}
// (or {type: "variant", id, error}), {type: "checked", id, results}.
/* global loadPyodide, Viz */
let loading = null;

async function boot(base, viz) {
  importScripts(base + "pyodide.js", viz);
  const [py, graphviz] = await Promise.all([loadPyodide({ indexURL: base }), Viz.instance()]);
  self.postMessage({ type: "loaded" });
  for (const name of ["arena.zip", "practice.zip"]) {
    const zip = await (await fetch(base + name)).arrayBuffer();
    py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/site-lib" });
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/site-lib')\n"
    + "import json\nfrom coursebuild.course import practice\n"
    + "def _view(p, s, lang):\n    return json.dumps(practice.view(p, int(s), lang))\n"
    + "def _check(p, s, lang, answers):\n"
    + "    v = practice.variant(p, int(s))\n"
    + "    return json.dumps({k: practice.check(v, k, t, lang)\n"
    + "                       for k, t in json.loads(answers).items()})\n");
  return { py, graphviz };
}

const lastLine = (err) => String(err).split("\n").map((l) => l.trim()).filter(Boolean).pop() || "";

self.onmessage = async (event) => {
  const { kind, id } = event.data;
  if (kind === "boot") {
    try {
      await (loading = loading || boot(event.data.base, event.data.viz));
      self.postMessage({ type: "ready" });
    } catch (err) {
      self.postMessage({ type: "failed", message: lastLine(err) });
    }
    return;
  }
  let tools;
  try {
    tools = await loading;
  } catch (err) {
    return;
  }
  const { py, graphviz } = tools;
  const { problem, seed, lang } = event.data;
  if (kind === "variant") {
    try {
      const view = JSON.parse(py.globals.get("_view")(problem, seed, lang));
      const svgs = {};
      for (const [name, f] of Object.entries(view.figures)) {
        svgs[name] = graphviz.renderString(f.dot, { format: "svg",
          engine: f.fixed ? "nop2" : f.prog });
      }
      self.postMessage({ type: "variant", id, view, svgs });
    } catch (err) {
      self.postMessage({ type: "variant", id, error: lastLine(err) });
    }
  } else if (kind === "check") {
    // the checker answers every field in one sentence; should it fail, the page says so
    // rather than "Checking…" for ever
    try {
      const results = JSON.parse(py.globals.get("_check")(problem, seed, lang,
        JSON.stringify(event.data.answers)));
      self.postMessage({ type: "checked", id, results });
    } catch (err) {
      self.postMessage({ type: "checked", id, error: lastLine(err) });
    }
  }
};
