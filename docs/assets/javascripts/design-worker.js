// The game-design page's Python: a Web Worker that loads Pyodide and the library (both
// served by the site: assets/pyodide/) and Graphviz compiled to WebAssembly, then serves
// ONE Solve: it explores and solves the rules a student wrote (coursebuild.design.design)
// and lays out the drawing, here rather than on the page, so that the page's time limit
// and Stop reach the layout too. The page gives each Solve a fresh worker: nothing a
// Solve did to Python (a recursion limit, a patched module, a fatal error) reaches the
// next one.
//
// Messages in: {kind: "boot", base, viz, nonce}, then {kind: "solve", code, lang, nonce}.
// Messages out, each with the nonce of the message it answers (a secret Python never
// sees: the student's code can post messages, not forge these): {type: "ready"} once
// loaded (or {type: "failed"}), then {type: "start"} when the rules start running,
// {type: "progress", positions} while they are explored, {type: "solved", result}, and
// for a game drawn, {type: "drawn", svg} (or {type: "drawn", error}). A fatal error of
// Python itself gives {type: "solved", result: {fatal: true}}. What the rules print is
// dropped.
/* global loadPyodide, Viz */
// taken before any Python runs: the student's code may replace self.postMessage
const post = self.postMessage.bind(self);
const parse = JSON.parse;
let loading = null;
let used = false;

async function boot(base, viz) {
  importScripts(base + "pyodide.js", viz);
  const [py, graphviz] = await Promise.all([loadPyodide({ indexURL: base }), Viz.instance()]);
  const zip = await (await fetch(base + "arena.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/site-lib" });
  // everything design() imports, imported now: the Solve's time limit is the rules' alone
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/site-lib')\n"
    + "import json, arena, arena.rules, arena.render, coursebuild.design, coursebuild.widgets");
  py.setStdout({ batched: () => {} });
  py.setStderr({ batched: () => {} });
  return { py, graphviz };
}

// the last line of an error (a Python traceback's last line says what went wrong)
function lastLine(err) {
  const lines = String(err).split("\n").map((l) => l.trim()).filter(Boolean);
  return (lines[lines.length - 1] || "").slice(0, 300);
}

self.onmessage = async (event) => {
  const { kind, nonce } = event.data;
  const say = (message) => post({ ...message, nonce });
  if (kind === "boot") {
    try {
      await (loading = loading || boot(event.data.base, event.data.viz));
      say({ type: "ready" });
    } catch (err) {
      say({ type: "failed", message: lastLine(err) });
    }
    return;
  }
  if (kind !== "solve" || used || !loading) return;      // one Solve per worker
  used = true;
  let tools;
  try {
    tools = await loading;
  } catch (err) {
    say({ type: "failed", message: lastLine(err) });
    return;
  }
  const { py, graphviz } = tools;
  let result;
  let ns = null;
  try {
    say({ type: "start" });
    ns = py.toPy({ _code: event.data.code, _lang: event.data.lang });
    ns.set("_progress", (n) => say({ type: "progress", positions: Number(n) }));
    const json = py.runPython(
      "import json\nfrom coursebuild.design import design\n"
      + "json.dumps(design(_code, _lang, progress=_progress))", { globals: ns });
    result = parse(json);
  } catch (err) {
    // design() answers every error of the rules in one line: what reaches here is Python
    // itself failing (a stack overflow in WebAssembly: "Maximum call stack size
    // exceeded", after which Pyodide cannot run again) or our own code broken by the
    // rules (json patched, say)
    result = err && err.constructor && err.constructor.name === "PythonError"
      ? { error: lastLine(err) } : { fatal: true };
  }
  say({ type: "solved", result });
  if (!result || typeof result.dot !== "string") return;
  try {
    say({ type: "drawn", svg: graphviz.renderString(result.dot, { format: "svg" }) });
  } catch (err) {
    say({ type: "drawn", error: lastLine(err) });
  }
};
