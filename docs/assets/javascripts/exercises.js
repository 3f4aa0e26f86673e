// Python exercises (the blocks <div class="arena-exercise"> written by src/coursebuild/hook.py).
// Nothing heavy loads with the page: the editor script is loaded when a page has an
// exercise, Pyodide only on the first Run or Check. Runs share one Web Worker kept for the
// whole visit (instant navigation keeps this script's state). A Check is made in two
// interpreters: the student's code runs in a worker of its own that no other code has
// touched (one is kept loaded in advance) and that ends with the Check; it sends back only
// its function's answers, as plain data (a JSON text this script never reads); a third
// worker, which never runs any code of the student's, makes the verdict on them
// (coursebuild.course.python_exercises.answers, judge). Nothing the student's code does can reach
// the verdict, nor a later Check. A job that passes the time limit, or Stop, terminates
// its worker; the next job starts a fresh one; so does a worker whose Pyodide broke.
(function () {
  "use strict";
  // a time in ms as a number of seconds written in the language (a decimal comma in French)
  const seconds = (ms, lang) => (ms / 1000).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB",
    { maximumFractionDigits: 3 });
  const WORDS = {
    fr: { python: "Chargement de Python (Pyodide, une seule fois)…", library: "Chargement de la bibliothèque arena…",
          running: "Exécution…", checking: "Vérification…", timeout: (ms) => `Temps limite dépassé (${seconds(ms, "fr")} s) : exécution arrêtée.`,
          late: "Temps limite dépassé", stopped: "Exécution arrêtée.", pass: "Réussi", fail: "Échec", error: "Erreur",
          stale: "Le code a changé depuis cette vérification : vérifiez-le de nouveau.",
          dead: "Python ne répond plus (le code a peut-être fermé le worker) : relancez.",
          fatal: "Python s'est arrêté pour de bon (sa pile d'appels a débordé : une récursion ou une valeur trop profonde ; ou le code l'a terminé) ; un Python neuf prend la suite.",
          unsaved: "Le navigateur n'a pas pu garder ce code (stockage plein ou refusé) : il sera perdu si la page est rechargée.",
          tooLarge: "Les réponses de votre fonction sont trop volumineuses pour être jugées.",
          memory: (gb) => `Ce Python occupait ${gb} Go de mémoire : il est arrêté, et un Python neuf prend la suite.`,
          launcher: "Ouverte depuis un dossier, la page ne peut pas exécuter Python (le navigateur l'interdit) : dans le dossier arena-site, lancez python3 serve.py (ou double-cliquez serve.command sous macOS, serve.bat sous Windows), puis ouvrez la page à l'adresse qu'il affiche.",
          nothing: "(aucune sortie)", resetAsk: "Remettre le code de départ ? Le code actuel sera perdu.",
          drawing: "Le plus petit contre-exemple : les sommets de J0 sont des cercles, ceux de J1 des carrés, les positions de victoire de J0 sont doublées, celles de J1 en pointillés." },
    en: { python: "Loading Python (Pyodide, once)…", library: "Loading the arena library…",
          running: "Running…", checking: "Checking…", timeout: (ms) => `Time limit exceeded (${seconds(ms, "en")} s): run stopped.`,
          late: "Time limit exceeded", stopped: "Run stopped.", pass: "Passed", fail: "Failed", error: "Error",
          stale: "The code has changed since this check: check it again.",
          dead: "Python stopped answering (the code may have closed the worker): try again.",
          fatal: "Python stopped for good (its call stack overflowed: too deep a recursion or value; or the code ended it); a fresh Python takes over.",
          unsaved: "The browser could not keep this code (storage full or refused): it will be lost if the page reloads.",
          tooLarge: "Your function's answers are too large to be judged.",
          memory: (gb) => `This Python held ${gb} GB of memory: it is stopped, and a fresh Python takes over.`,
          launcher: "Opened from a folder, the page cannot run Python (the browser forbids it): in the arena-site folder, run python3 serve.py (or double-click serve.command on macOS, serve.bat on Windows), then open the page at the address it prints.",
          nothing: "(no output)", resetAsk: "Put the starter code back? The current code will be lost.",
          drawing: "The smallest counterexample: J0's vertices are circles, J1's squares, J0's victory positions are doubled, J1's dashed." },
  };
  if (WORDS.fr) {       // French typography: a narrow no-break space before : ; ? !
    for (const [k, v] of Object.entries(WORDS.fr)) {
      const fix = (t) => t.replace(/ ([:;?!])/g, "\u202f$1");
      WORDS.fr[k] = typeof v === "function" ? (...a) => fix(v(...a)) : fix(v);
    }
  }
  // the verdict's heading for each way a Check ends
  const HEADS = { pass: "pass", fail: "fail", error: "error", timeout: "late" };
  // The time limit (ms; a block's data-timeout, else LIMIT) counts the student's code
  // alone: a Run's or a Check's worker says when each stretch of it starts and ends
  // ("clock"); Python's start before it and the checker's work between the stretches are
  // not counted, and have WORK ms in all (a Python that never says its code ended, or
  // the student's code that stops its clock, is ended then).
  const LIMIT = 5000;
  const WORK = 60000;
  const JUDGE_LIMIT = 60000;     // ms for a verdict: no student code runs there
  const MAX_TAPE = 32e6;         // characters of answers a judge is given at most
  const state = window.__arenaExercises || (window.__arenaExercises = {
    worker: null, spare: null, judge: null, queue: [], current: null, next: 1,
    blocks: new Map(), editorLoad: null, snapshot: null, snapshotBy: null, awaiting: [],
  });

  function words(block) { return WORDS[block.dataset.lang] || WORDS.en; }

  // a block's time limit in ms: its data-timeout when that is a number of ms above 0
  // (never NaN nor Infinity: the message says it), else LIMIT
  function limitOf(block) {
    const ms = Number(block.dataset.timeout);
    return Number.isFinite(ms) && ms > 0 ? ms : LIMIT;
  }

  function loadEditor(url) {
    if (window.ArenaEditor) return Promise.resolve();
    if (!state.editorLoad) {
      state.editorLoad = new Promise((resolve, reject) => {
        const s = document.createElement("script");
        s.src = url; s.onload = resolve; s.onerror = reject;
        document.head.appendChild(s);
      });
    }
    return state.editorLoad;
  }

  // Jobs run one at a time, in the order asked: a job waits in state.queue until the one
  // before it has ended. Every job ends (result, error, timeout or Stop): its time limit
  // counts from the worker's "start"; a worker that answers nothing within ALIVE ms of a
  // job (closed by the student's code, crashed) is replaced and the job sent again once;
  // loading Python may take up to BOOT ms (a worker still loading may not answer at once:
  // it has BOOT ms). A timeout or Stop ends the worker (a loop cannot be interrupted
  // otherwise) and the next job starts on a fresh one.
  const ALIVE = 5000;
  const BOOT = 120000;
  // A worker whose Python's memory grew past HEAP bytes (code that allocated until
  // MemoryError): WebAssembly's memory never shrinks, so it is ended after its job and the
  // next job starts on a fresh one, and the job's output says so (a block's data-heap, in
  // bytes, sets it for a test).
  const HEAP = 1 << 30;
  const heapOf = (block) => Number(block.dataset.heap) || HEAP;
  if (!state.queue) state.queue = [];

  function killWorker() {
    if (state.worker) forget(state.worker);
    state.worker = null;
  }

  function forget(worker) {          // a worker that is ended is no one's any more
    worker.terminate();
    if (state.snapshotBy === worker) snapshotTaken(null);
    for (const role of ["worker", "spare", "judge"]) {
      if (state[role] === worker) state[role] = null;
    }
  }

  // A job's messages are taken only from its own worker, with its own secret: a random
  // nonce the page sends with the job and the worker's script returns, never given to
  // Python (the student's code can post messages, not guess this one).
  function newWorker(url) {
    const worker = new Worker(url);
    worker.ready = false;
    worker.started = false;          // given its first message (which says how to load)
    worker.fed = false;              // given some code (a Run's or a Check's)
    worker.onmessage = (e) => {
      // a snapshot is taken only from the worker asked for it, and only while it has not
      // been given any code: a message that arrives later could come from that code
      if (e.data.job === 0 && e.data.type === "snapshot") {
        if (worker === state.snapshotBy) {
          const ok = !worker.fed && e.data.snapshot instanceof Uint8Array;
          snapshotTaken(ok ? e.data.snapshot : null);
        }
        return;
      }
      // ready: its Python is loaded (a boot ended, or a job was done: a worker that the
      // student's code closed then answers nothing, and is replaced within ALIVE ms)
      if ((e.data.job === 0 && e.data.type === "ready") || e.data.type === "done") {
        worker.ready = true;
      }
      const job = state.current;
      if (job && job.worker === worker && e.data.job === job.id && e.data.nonce === job.nonce) {
        job.onMessage(e.data);
      }
    };
    worker.onerror = () => {
      const job = state.current;
      if (job && job.worker === worker) job.dead();
    };
    return worker;
  }

  // How a fresh worker loads Python, said with its first message: from the page's snapshot
  // of a fresh Python when there is one; else from scratch, and the first such worker that
  // is given no code with that message takes the snapshot (exercises-worker.js, boot).
  function loading(worker, givesCode) {
    if (worker.started) return {};
    worker.started = true;
    if (state.snapshot) return { snapshot: state.snapshot };
    if (givesCode || state.snapshotBy) return {};
    state.snapshotBy = worker;
    return { makeSnapshot: true };
  }

  // The snapshot has come (or will not: its worker ended, or could not take it): the jobs
  // that waited for it go on.
  function snapshotTaken(snapshot) {
    if (snapshot) state.snapshot = snapshot;
    state.snapshotBy = null;
    const awaiting = state.awaiting;
    state.awaiting = [];
    for (const go of awaiting) go();
  }

  function boot(worker, block) {     // a fresh worker loads Pyodide at once, ready for a job
    worker.postMessage({ job: 0, kind: "boot", ...loading(worker, false),
      base: new URL(block.dataset.pyodide, location.href).href });
  }

  // Loaded in advance, once a job has ended: the Runs' worker and the next Check's; the
  // judge once a Check was asked for (a reader who only runs code needs no third Python)
  function warmUp(block) {
    const url = new URL(block.dataset.worker, location.href).href;
    for (const role of state.checked ? ["worker", "spare", "judge"] : ["worker", "spare"]) {
      if (!state[role]) boot(state[role] = newWorker(url), block);
    }
  }

  // Runs: the shared worker. A Check's answers: the spare (loaded, never given any code),
  // used once. Verdicts: the judge, which is given answers (data), never code.
  function workerFor(kind, url) {
    if (kind === "check") {
      const worker = state.spare || newWorker(url);
      state.spare = null;
      return worker;
    }
    const role = kind === "judge" ? "judge" : "worker";
    if (!state[role]) state[role] = newWorker(url);
    return state[role];
  }

  function nonce() {
    const bytes = new Uint32Array(4);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16)).join("");
  }

  function pump() {
    if (state.current || !state.queue.length) return;
    const job = state.current = state.queue.shift();
    job.post();
  }

  // Run a job; resolves to {status, message, output}; never rejects. A Check has two
  // steps, each with its own worker and secret: the student's answers, then the verdict.
  function submit(block, kind, code, report) {
    const w = words(block);
    const limit = limitOf(block);
    const id = state.next++;
    const url = new URL(block.dataset.worker, location.href).href;
    return new Promise((resolve) => {
      let timer = null;
      let tries = 0;
      let step = kind;                 // "run", or "check" then "judge"
      let stray = "";                  // what the student's worker printed past the tape
      const job = {
        id, block,
        worker: null, nonce: nonce(),
        finish(result) {
          clearTimeout(timer);
          if (state.current === job) state.current = null;
          else state.queue = state.queue.filter((j) => j !== job);
          if (step === "check" && job.worker) {  // a Check's worker serves it alone
            forget(job.worker);
            job.worker = null;
          }
          if (stray) result.output = [result.output, stray].filter(Boolean).join("\n");
          resolve(result);
          pump();
          if (!state.current) warmUp(block);
        },
        end() {                        // a timeout, no answer or a broken Python: it goes
          if (job.worker) forget(job.worker);
          job.worker = null;
        },
        watch(ms, then) { clearTimeout(timer); timer = setTimeout(then, ms); },
        late(ms) {                     // its time limit is past: its worker is ended
          job.end();
          job.finish({ status: "timeout", message: w.timeout(ms), output: "" });
        },
        // the student's time: `used` ms of its code's ended stretches, the stretch running
        // since `since` (null between them), the job's end at `deadline` whatever happens
        clock: {
          used: 0, since: null, deadline: 0,
          start() {
            this.used = 0;
            this.since = null;
            this.deadline = performance.now() + limit + WORK;
            this.watch();
          },
          tick(on) {
            const now = performance.now();
            if (this.since !== null) this.used += now - this.since;
            this.since = on ? now : null;
            this.watch();
          },
          watch() {
            const now = performance.now();
            const left = this.since === null ? Infinity : limit - this.used - (now - this.since);
            job.watch(Math.max(0, Math.min(left, this.deadline - now)), () => job.late(limit));
          },
        },
        dead() {                       // no answer: a new worker, the job sent once more
          job.end();
          if (tries < 2) job.post();
          else job.finish({ status: "error", message: w.dead, output: "" });
        },
        post() {
          // a Check that needs a fresh Python while the first one loads (the judge, asked
          // for its snapshot) waits for the snapshot: a second Python loaded from scratch
          // beside it would take as long, and twice the work
          if (step === "check" && !state.spare && !state.snapshot && state.snapshotBy) {
            if (!job.waiting) {
              job.waiting = true;
              report(w.python);
              state.awaiting.push(() => {
                job.waiting = false;
                if (state.current === job && step === "check") job.post();
              });
            }
            job.watch(BOOT, job.dead);
            return;
          }
          tries += 1;
          job.worker = workerFor(step, url);
          const givesCode = step !== "judge";
          const how = loading(job.worker, givesCode);
          if (givesCode) job.worker.fed = true;
          job.worker.postMessage({
            ...how, job: id, nonce: job.nonce, kind: step, exercise: block.dataset.exercise,
            code: givesCode ? code : undefined, tape: job.tape,
            lang: block.dataset.lang, base: new URL(block.dataset.pyodide, location.href).href,
          });
          job.watch(job.worker.ready ? ALIVE : BOOT, job.dead);
        },
        judge(answered) {              // the answers go to the judge, as they are
          forget(job.worker);
          stray = answered.output || "";
          if (typeof answered.tape !== "string" || answered.tape.length > MAX_TAPE) {
            job.worker = null;
            step = "judge";
            job.finish({ status: "error", message: w.tooLarge, output: "" });
            return;
          }
          job.tape = answered.tape;
          step = "judge";
          tries = 0;
          job.nonce = nonce();
          job.post();
        },
        onMessage(msg) {
          if (msg.type === "alive") job.watch(BOOT, job.dead);
          else if (msg.type === "progress") {
            if (step !== "judge") report(w[msg.step]);
            job.watch(BOOT, job.dead);
          } else if (msg.type === "start") {
            if (step !== "judge") report(kind === "check" ? w.checking : w.running);
            if (step === "judge") job.watch(JUDGE_LIMIT, () => job.late(JUDGE_LIMIT));
            else job.clock.start();
          } else if (msg.type === "clock") {
            if (step !== "judge") job.clock.tick(msg.on);
          } else if (msg.type === "done") {
            const result = msg.result;
            if (result.fatal) {        // Pyodide broke: this worker can do nothing more
              job.end();
              job.finish({ status: "error", message: w.fatal, output: "" });
            } else if (step === "check" && result.status === "answered") job.judge(result);
            else {
              if (Number(msg.heap) > heapOf(block)) {
                job.end();
                const gb = (Number(msg.heap) / 2 ** 30).toLocaleString(
                  block.dataset.lang === "fr" ? "fr-FR" : "en-GB", { maximumFractionDigits: 1 });
                // said last: after what the code printed, or after its error
                const where = result.status === "ok" || result.status === "pass" ? "output" : "message";
                result[where] = [result[where], w.memory(gb)].filter(Boolean).join("\n");
              }
              job.finish(result);
            }
          }
        },
      };
      state.queue.push(job);
      pump();
    });
  }

  function stopAll() {
    const jobs = [...state.queue];
    const running = state.current;
    if (running) running.end();
    killWorker();
    state.queue = [];
    state.current = null;
    for (const job of running ? [running, ...jobs] : jobs) {
      job.finish({ status: "error", message: words(job.block).stopped, output: "" });
    }
  }

  // A small drawing of a counterexample: vertices on a circle.
  function drawGraph(graph, label) {
    const NS = "http://www.w3.org/2000/svg";
    const n = graph.vertices.length, R = n > 1 ? 25 + 12 * n : 0, size = 2 * R + 100, c = size / 2;
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
    svg.setAttribute("width", size); svg.setAttribute("height", size);
    svg.setAttribute("role", "img"); svg.setAttribute("aria-label", label);
    svg.classList.add("arena-exercise-graph");
    const pos = {};
    graph.vertices.forEach((v, i) => {
      const a = 2 * Math.PI * i / n - Math.PI / 2;
      pos[v] = [c + R * Math.cos(a), c + R * Math.sin(a)];
    });
    const el = (tag, attrs, parent = svg) => {
      const e = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      parent.appendChild(e); return e;
    };
    const defs = el("defs", {});
    const marker = el("marker", { id: "arena-ex-arrow", viewBox: "0 0 10 10", refX: 10, refY: 5,
      markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", fill: "currentColor" }, marker);
    const r = 13;
    for (const [s, t] of graph.edges) {
      const [x1, y1] = pos[s], [x2, y2] = pos[t];
      if (s === t) {
        el("path", { d: `M${x1 - 6},${y1 - r} C${x1 - 20},${y1 - 45} ${x1 + 20},${y1 - 45} ${x1 + 6},${y1 - r}`,
          fill: "none", stroke: "currentColor", "marker-end": "url(#arena-ex-arrow)" });
        continue;
      }
      const d = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / d, uy = (y2 - y1) / d;
      el("line", { x1: x1 + ux * r, y1: y1 + uy * r, x2: x2 - ux * (r + 2), y2: y2 - uy * (r + 2),
        stroke: "currentColor", "marker-end": "url(#arena-ex-arrow)" });
    }
    for (const v of graph.vertices) {
      const [x, y] = pos[v], own0 = graph.S0.includes(v);
      const shape = (k) => own0
        ? el("circle", { cx: x, cy: y, r: r + k, fill: k ? "none" : "var(--md-default-bg-color)", stroke: "currentColor" })
        : el("rect", { x: x - r - k, y: y - r - k, width: 2 * (r + k), height: 2 * (r + k),
            fill: k ? "none" : "var(--md-default-bg-color)", stroke: "currentColor" });
      const main = shape(0);
      if (graph.V0.includes(v)) shape(3);
      if (graph.V1.includes(v)) main.setAttribute("stroke-dasharray", "3 2");
      const text = el("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, fill: "currentColor" });
      text.textContent = v;
    }
    return svg;
  }

  // An edit the browser could not keep (storage full or refused) is said, once, until an
  // edit is kept again
  function unsaved(block, on) {
    let note = block.querySelector(".arena-unsaved");
    if (!on) { if (note) note.remove(); return; }
    if (note) return;
    note = document.createElement("p");
    note.className = "arena-unsaved arena-error";
    note.setAttribute("role", "status");
    note.textContent = words(block).unsaved;
    block.querySelector(".arena-exercise-editor").after(note);
  }

  // A verdict stays readable while the student edits, marked as about earlier code
  function markStale(block) {
    const verdict = block.querySelector('[data-role="verdict"]');
    if (!verdict.dataset.status || verdict.dataset.stale) return;
    verdict.dataset.stale = "true";
    const note = document.createElement("p");
    note.className = "arena-stale";
    note.textContent = words(block).stale;
    verdict.prepend(note);
  }

  function showVerdict(block, result) {
    const w = words(block);
    const verdict = block.querySelector('[data-role="verdict"]');
    delete verdict.dataset.stale;
    verdict.dataset.status = result.status;
    verdict.textContent = "";
    const head = document.createElement("strong");
    head.textContent = w[HEADS[result.status] || "error"];
    const body = document.createElement("pre");
    body.textContent = result.message;
    verdict.append(head, body);
    if (result.graph) verdict.appendChild(drawGraph(result.graph, w.drawing));
  }

  // A disabled button loses the focus to the page's <body>: while a job runs, Stop takes
  // the focus from the button that started it, which gets it back once the job is done.
  function setBusy(block, busy) {
    const held = document.activeElement;
    block.querySelectorAll("[data-action]").forEach((b) => {
      b.disabled = busy ? b.dataset.action !== "stop" : b.dataset.action === "stop";
    });
    const stop = block.querySelector('[data-action="stop"]');
    if (busy && held && held.disabled && block.contains(held) && stop) {
      block.arenaReturnFocus = held;
      stop.focus();
    } else if (!busy && (held === stop || held === document.body) && block.arenaReturnFocus) {
      if (!block.arenaReturnFocus.disabled) block.arenaReturnFocus.focus();
      block.arenaReturnFocus = null;
    }
  }

  // One job at a time per exercise: a click (or a call) while the exercise's job waits
  // or runs, Python loading included, gets that job's result and starts nothing more.
  function act(block, kind) {
    const info = state.blocks.get(block.dataset.exercise);
    if (!info.pending) {
      const done = () => { info.pending = null; };
      info.pending = perform(block, info, kind);
      info.pending.then(done, done);
    }
    return info.pending;
  }

  async function perform(block, info, kind) {
    await info.ready;
    const output = block.querySelector('[data-role="output"]');
    const verdict = block.querySelector('[data-role="verdict"]');
    output.hidden = false;
    output.textContent = "…";
    if (kind === "check") {
      delete verdict.dataset.status;
      delete verdict.dataset.stale;
      verdict.textContent = "";
    }
    setBusy(block, true);
    // the judge loads beside the Check's own Python, not after it
    if (kind === "check") state.checked = true;
    if (kind === "check" && !state.judge) {
      boot(state.judge = newWorker(new URL(block.dataset.worker, location.href).href), block);
    }
    const result = await submit(block, kind, info.editor.getCode(), (text) => { output.textContent = text; });
    setBusy(block, false);
    const w = words(block);
    const lines = [result.output, result.status === "pass" || result.status === "ok" ? "" : result.message];
    output.textContent = lines.filter(Boolean).join("\n") || w.nothing;
    if (kind === "check") {
      output.textContent = result.output || w.nothing;
      showVerdict(block, result);
    } else if (result.status === "timeout") {
      verdict.dataset.status = "timeout";
    }
    return { status: result.status, message: result.message };
  }

  // Browsers refuse Web Workers (and so Python) on pages opened from a folder (file://):
  // the exercise says in one line how to serve the folder instead (the zip's launcher)
  const FROM_FOLDER = location.protocol === "file:";

  function setup(block) {
    const id = block.dataset.exercise;
    if (FROM_FOLDER) {
      const note = block.querySelector(".arena-noscript");
      note.textContent = words(block).launcher;
      note.classList.add("arena-launcher-note");
      note.hidden = false;
      return;
    }
    const key = "arena-exercise:" + id;
    const holder = block.querySelector(".arena-exercise-editor");
    const info = { block };
    info.ready = loadEditor(new URL(block.dataset.editor, location.href).href).then(() => {
      let saved = null;
      try { saved = localStorage.getItem(key); } catch (e) { /* storage off */ }
      info.editor = window.ArenaEditor.create(holder, saved ?? block.dataset.starter, {
        label: block.dataset.label,
        onChange: (code) => {
          let kept = true;
          try { localStorage.setItem(key, code); } catch (e) { kept = false; }
          unsaved(block, !kept);
          markStale(block);
        },
      });
      holder.hidden = false;
      block.querySelector(".arena-exercise-starter").hidden = true;
      block.querySelectorAll(".arena-exercise-help").forEach((p) => { p.hidden = false; });
      block.querySelector(".arena-exercise-buttons").hidden = false;
      block.querySelector(".arena-noscript").hidden = true;
      setBusy(block, false);
      block.classList.add("ready");
    });
    state.blocks.set(id, info);
    block.querySelector(".arena-exercise-buttons").addEventListener("click", (e) => {
      const action = e.target.closest("[data-action]")?.dataset.action;
      if (action === "run" || action === "check") act(block, action);
      else if (action === "stop") stopAll();
      else if (action === "reset" && window.confirm(words(block).resetAsk)) {
        info.editor.setCode(block.dataset.starter);
      }
    });
  }

  function init() {
    state.blocks.clear();
    document.querySelectorAll(".arena-exercise").forEach(setup);
  }

  function block(id) {
    const info = state.blocks.get(id);
    if (!info) throw new Error("no exercise " + id + " on this page");
    return info;
  }

  window.arenaExercises = {
    async setCode(id, code) { const info = block(id); await info.ready; info.editor.setCode(code); },
    async getCode(id) { const info = block(id); await info.ready; return info.editor.getCode(); },
    check(id) { return act(block(id).block, "check"); },
    run(id) { return act(block(id).block, "run"); },
    stop: stopAll,
    ids() { return [...state.blocks.keys()]; },
  };

  // print shows the solutions (a closed <details> prints folded)
  window.addEventListener("beforeprint", () => {
    document.querySelectorAll(".arena-exercise-solution").forEach((d) => { d.open = true; });
  });

  // Material's document$ announces each page, but never fires on a page opened from a folder
  if (typeof document$ !== "undefined" && !FROM_FOLDER) document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
