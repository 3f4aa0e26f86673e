// The exercises' Python: a Web Worker that loads Pyodide (served by the site itself) and
// the library (assets/pyodide/arena.zip) on its first job, then runs and checks code.
// Messages in: {job, nonce, kind: "run" | "check" | "boot", exercise, code, lang, base}.
// Messages out, each with the job's nonce (a secret the page checks; Python never sees
// it): {job, type: "alive"} at once (a worker that says nothing is dead),
// {job, type: "progress", step} while loading, {job, type: "start"} when
// the code starts (the page's time limit counts from there), {job, type: "done", result}.
/* global loadPyodide */
let pyodide = null;
// taken before any Python runs: the student's code may replace self.postMessage
const post = self.postMessage.bind(self);

// What the student's code prints is capped here, in the worker, so that the page never
// receives more than a few thousand characters whatever the code prints: the first HEAD
// and the last TAIL characters, with the number left out between them.
const HEAD = 4000;
const TAIL = 4000;
const LEFT_OUT = {
  fr: (n) => `\n… ${n.toLocaleString("fr-FR")} caractères omis …\n`,
  en: (n) => `\n… ${n.toLocaleString("en-GB")} characters left out …\n`,
};

function cappedText() {
  let head = "";
  let tail = "";
  let dropped = 0;
  return {
    push(line) {
      let s = line + "\n";
      const room = HEAD - head.length;
      if (room > 0) {
        head += s.slice(0, room);
        s = s.slice(room);
      }
      if (!s) return;
      tail += s;
      if (tail.length > 2 * TAIL) {          // trim now and then, not at every line
        dropped += tail.length - TAIL;
        tail = tail.slice(-TAIL);
      }
    },
    text(lang) {
      if (tail.length > TAIL) {
        dropped += tail.length - TAIL;
        tail = tail.slice(-TAIL);
      }
      const text = dropped ? head + (LEFT_OUT[lang] || LEFT_OUT.en)(dropped) + tail : head + tail;
      return text.replace(/\n$/, "");
    },
  };
}

function capped(text, lang) {
  const out = cappedText();
  out.push(String(text));
  return out.text(lang);
}
let booting = null;   // one load, even when jobs arrive while it runs

async function boot(base, say) {
  say({ type: "progress", step: "python" });
  importScripts(base + "pyodide.js");
  const py = await loadPyodide({ indexURL: base });
  say({ type: "progress", step: "library" });
  const zip = await (await fetch(base + "arena.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/site-lib" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/site-lib'); import coursebuild.python_exercises");
  return py;
}

self.onmessage = async (event) => {
  const { job, nonce, kind, exercise, code, lang, base } = event.data;
  const say = (message) => post({ ...message, job, nonce });
  if (kind !== "boot") say({ type: "alive" });   // the page's watchdog
  try {
    if (!pyodide) pyodide = await (booting = booting || boot(base, say));
    if (kind === "boot") return;      // a fresh worker warming up after a stop
    const out = cappedText();
    pyodide.setStdout({ batched: (s) => out.push(s) });
    pyodide.setStderr({ batched: (s) => out.push(s) });
    say({ type: "start" });
    const t0 = performance.now();
    const call = kind === "check" ? "check(_id, _code, _lang)" : "run(_code, _lang)";
    const ns = pyodide.toPy({ _id: exercise, _code: code, _lang: lang });
    const json = pyodide.runPython(
      `import json\nfrom coursebuild.python_exercises import check, run\njson.dumps(${call})`, { globals: ns });
    ns.destroy();
    const result = JSON.parse(json);
    result.output = out.text(lang);
    result.message = capped(result.message || "", lang);
    result.seconds = (performance.now() - t0) / 1000;
    say({ type: "done", result });
  } catch (err) {
    say({ type: "done", result: { status: "error", message: capped(err, lang), output: "" } });
  }
};
