// The game-design page's Python: a Web Worker that loads Pyodide and the library (both
// served by the site: assets/pyodide/) and Graphviz compiled to WebAssembly, then serves
// ONE Solve: it explores and solves the rules a student wrote (coursebuild.course.design.design)
// and lays out the drawing, here rather than on the page, so that the page's time limit
// and Stop reach the layout too. The page gives each Solve a fresh worker: nothing a
// Solve did to Python (a recursion limit, a patched module, a fatal error) reaches the
// next one.
//
// Messages in: {kind: "boot", base, viz, nonce} (with {snapshot} or {makeSnapshot: true}:
// python-boot.js), then {kind: "solve", code, lang, memoryLimit, nonce}, then for a game
// played on its board, any number of {kind: "position", id, query, nonce}. Messages out,
// each with the nonce of the message it answers (a secret Python never sees: the
// student's code can post messages, not forge these): {type: "snapshot", snapshot} when
// asked for one, {type: "ready"} once loaded (or {type: "failed"}), then {type: "start"}
// when the rules start running, {type: "progress", phase: "explore" | "solve", positions}
// as they are explored and solved, {type: "solved", result}, and for a game drawn,
// {type: "drawn", svg} (or {type: "drawn", error}); {type: "position", query, data} for
// each position asked. A fatal error of Python itself gives {type: "solved", result:
// {fatal: true}}. What the rules print is dropped.
/* global loadPython, Viz */
// taken before any Python runs: the student's code may replace self.postMessage
const post = self.postMessage.bind(self);
let loading = null;
let used = false;
let tools = null;

importScripts("python-boot.js");

// Python from scratch or from the page's snapshot (python-boot.js), and Graphviz
async function boot(base, viz, how, say) {
  importScripts(viz);
  const [{ py, snapshot }, graphviz] = await Promise.all([
    // everything design() imports, imported now: the Solve's time limit is the rules' alone
    loadPython(base, ["arena.zip"],
      "import arena, arena.rules, arena.render, coursebuild.course.design, coursebuild.course.widgets", how),
    Viz.instance()]);
  // the snapshot goes to the page before the worker can be given any code
  if (how.makeSnapshot) say({ type: "snapshot", snapshot }, snapshot ? [snapshot.buffer] : []);
  py.setStdout({ batched: () => {} });
  py.setStderr({ batched: () => {} });
  return { py, graphviz };
}

// A Python result turned into plain JavaScript data by Pyodide's own conversion, in
// JavaScript: not by Python's json module, which the rules may have patched (a patched
// json.dumps once replaced the whole result: summary, drawing and title)
// (Pyodide turns None into undefined, which JSON would drop: null, as json.dumps writes it)
function plain(value) {
  if (!value || typeof value.toJs !== "function") return value === undefined ? null : value;
  try {
    return nulls(value.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false }));
  } finally {
    value.destroy();
  }
}

function nulls(x) {
  if (x === undefined) return null;
  if (Array.isArray(x)) return x.map(nulls);
  if (x && typeof x === "object") {
    for (const k of Object.keys(x)) x[k] = nulls(x[k]);
  }
  return x;
}

// the last line of an error (a Python traceback's last line says what went wrong)
function lastLine(err) {
  const lines = String(err).split("\n").map((l) => l.trim()).filter(Boolean);
  return (lines[lines.length - 1] || "").slice(0, 300);
}

let session = null;                // the Solve's Python object, for a play's positions
let globals = null;

self.onmessage = async (event) => {
  const { kind, nonce } = event.data;
  const say = (message, transfer = []) => post({ ...message, nonce }, transfer);
  if (kind === "boot") {
    const { base, viz, snapshot, makeSnapshot } = event.data;
    try {
      await (loading = loading || boot(base, viz, { snapshot, makeSnapshot }, say));
      say({ type: "ready" });
    } catch (err) {
      say({ type: "failed", message: lastLine(err) });
    }
    return;
  }
  if (kind === "position") {         // a play reaches a position: what the page shows
    if (!session) return;
    let data;
    try {
      globals.set("_k", Number(event.data.id));
      data = plain(tools.py.runPython("_session.position(_k)", { globals }));
    } catch (err) {
      data = { error: lastLine(err) };
    }
    say({ type: "position", query: event.data.query, data });
    return;
  }
  if (kind !== "solve" || used || !loading) return;      // one Solve per worker
  used = true;
  try {
    tools = await loading;
  } catch (err) {
    say({ type: "failed", message: lastLine(err) });
    return;
  }
  const { py, graphviz } = tools;
  const heap = () => (py._module && py._module.HEAP8 ? py._module.HEAP8.length : 0);
  let result;
  try {
    say({ type: "start" });
    globals = py.toPy({ _code: event.data.code, _lang: event.data.lang });
    globals.set("_progress", (phase, n) => say({ type: "progress", phase: String(phase),
      positions: Number(n) }));
    globals.set("_memory", heap);
    globals.set("_memory_limit", Number(event.data.memoryLimit) || 0);
    result = plain(py.runPython(
      "from coursebuild.course.design import Design, MEMORY_LIMIT\n"
      + "_session = Design(_code, _lang, progress=_progress, memory=_memory,\n"
      + "                  memory_limit=_memory_limit or MEMORY_LIMIT)\n"
      + "_session.result", { globals }));
    if (result && result.board) session = true;
  } catch (err) {
    // Design answers every error of the rules in one line: what reaches here is Python
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
