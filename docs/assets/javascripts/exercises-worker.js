// The exercises' Python: a Web Worker that loads Pyodide (served by the site itself) and
// the library (assets/pyodide/arena.zip) on its first job, then does one of three jobs:
// "run" runs the student's code; "check" runs it and returns its function's answers to the
// checker's questions as a tape of plain data (coursebuild.course.python_exercises.answers); "judge"
// makes the verdict on a tape (coursebuild.course.python_exercises.judge). A worker that judges is
// never given any code: the page keeps one for that alone.
// Messages in: {job, nonce, kind: "run" | "check" | "judge" | "boot", exercise, code, tape,
// lang, base}, and with a worker's first message {snapshot} or {makeSnapshot: true} (see
// boot). Messages out, each with the job's nonce (a secret the page checks; Python never
// sees it): {job, type: "alive"} at once (a worker that says nothing is dead), {job, type:
// "progress", step} while loading, {job, type: "start"} when the job starts, once Python
// is loaded, {job, type: "clock", on} as each stretch of the student's code starts (on:
// true) and ends (false): the page's time limit counts those stretches alone, not
// Python's start nor the checker's work between them; {job, type: "done", result}; and {job: 0, type: "ready"}
// once a worker started by "boot" has loaded Python, {job: 0, type: "snapshot", snapshot}
// when it was asked for one. A result with `fatal` says that Pyodide itself broke (its
// stack ran out): the page replaces the worker.
/* global loadPython */
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
importScripts("python-boot.js");

// Python, from scratch or from the page's snapshot (python-boot.js); the snapshot taken
// when the page asks for one goes to the page at once, before any job's code can run
async function boot(base, say, how) {
  say({ type: "progress", step: "python" });
  const { py, snapshot } = await loadPython(base, ["arena.zip"],
    "import coursebuild.course.python_exercises\ncoursebuild.course.python_exercises.ready()", how, () => say({ type: "progress", step: "library" }));
  if (how.makeSnapshot) {
    post({ job: 0, type: "snapshot", snapshot }, snapshot ? [snapshot.buffer] : []);
  }
  return py;
}

// Pyodide cannot go on after a fatal error (a JavaScript stack overflow inside
// WebAssembly, say): every later call throws "Pyodide already fatally failed"
// the bytes of WebAssembly memory this worker's Python holds (it never shrinks): the page
// ends a worker that grew past its bound (exercises.js, HEAP)
const heap = () => (pyodide && pyodide._module && pyodide._module.HEAP8
  ? pyodide._module.HEAP8.length : 0);

const isFatal = (err) => Boolean(err && (err.pyodide_fatal_error
  || /Pyodide already (fatally failed|exited)/.test(String(err))));

const CALLS = {
  run: "import json\nfrom coursebuild.course.python_exercises import run\n"
    + "json.dumps(run(_code, _lang, _clock))",
  check: "from coursebuild.course.python_exercises import answers\nanswers(_id, _code, _lang, _clock)",
  judge: "import json\nfrom coursebuild.course.python_exercises import judge\n"
    + "json.dumps(judge(_id, _tape, _lang))",
};

self.onmessage = async (event) => {
  const { job, nonce, kind, exercise, code, tape, lang, base, snapshot, makeSnapshot } = event.data;
  const say = (message) => post({ ...message, job, nonce });
  if (kind !== "boot") say({ type: "alive" });   // the page's watchdog
  try {
    if (!pyodide) {
      pyodide = await (booting = booting || boot(base, say, { snapshot, makeSnapshot }));
    }
    if (kind === "boot") {            // a fresh worker warming up, ready for a job
      post({ job: 0, type: "ready" });
      return;
    }
    const out = cappedText();
    pyodide.setStdout({ batched: (s) => out.push(s) });
    pyodide.setStderr({ batched: (s) => out.push(s) });
    say({ type: "start" });
    const t0 = performance.now();
    // the student's code can reach the clock too: stopping it only leaves the page's
    // bound on the rest of the job (exercises.js, WORK)
    const clock = (on) => say({ type: "clock", on: Boolean(on) });
    const ns = pyodide.toPy({ _id: exercise, _code: code, _tape: tape, _lang: lang,
      _clock: clock });
    const answer = pyodide.runPython(CALLS[kind], { globals: ns });
    ns.destroy();
    let result;
    if (kind === "check") {           // the answers, as they are: the judge reads them
      result = { status: "answered", tape: String(answer), output: out.text(lang) };
    } else {
      result = JSON.parse(answer);
      result.output = [result.output, out.text(lang)].filter(Boolean).join("\n");
      result.message = capped(result.message || "", lang);
    }
    result.seconds = (performance.now() - t0) / 1000;
    say({ type: "done", result, heap: heap() });
  } catch (err) {
    if (isFatal(err)) {
      say({ type: "done", result: { status: "error", fatal: true, message: "", output: "" } });
    } else {
      // Python's own error (the student's code broke what runs it): its last line
      const last = String(err).trim().split("\n").pop();
      say({ type: "done", result: { status: "error", message: capped(last, lang), output: "" },
        heap: heap() });
    }
  }
};
