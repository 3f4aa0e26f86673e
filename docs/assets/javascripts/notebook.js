// Notebook pages (the block <div class="arena-notebook-run"> written by
// src/coursebuild/hook.py above each notebook): one button turns the page's code cells into
// editors that run in the browser, in Python (Pyodide) in a Web Worker
// (notebook-worker.js), every cell in one namespace as in Jupyter. A cell's outputs replace
// the build's once it has run; figures are drawn by Graphviz compiled to WebAssembly.
// Edits are kept in the browser (localStorage) until Reset. Everything comes from the site.
(function () {
  "use strict";
  const WORDS = {
    fr: {
      open: "Exécuter et modifier ce carnet ici",
      intro: "Chaque cellule devient modifiable ; Python s'exécute dans votre navigateur, " +
        "sans serveur ni connexion. Exécutez les cellules dans l'ordre, ou toutes d'un coup.",
      edited: "Vous avez modifié ce carnet lors d'une visite précédente : vos modifications " +
        "seront reprises.",
      runAll: "Tout exécuter", run: "Exécuter", stop: "Arrêter", reset: "Réinitialiser",
      loading: "Chargement de Python (la première fois, quelques secondes)…",
      ready: "Python est prêt.",
      running: (i, n) => `Exécution de la cellule ${i} sur ${n}…`,
      done: "Terminé.", failedAt: (i) => `La cellule ${i} a échoué : l'exécution s'arrête là.`,
      stopped: "Python arrêté : ses variables sont perdues ; exécutez de nouveau les " +
        "cellules depuis le début.",
      dead: "Python ne répond plus (le code l'a peut-être fermé) : ses variables sont " +
        "perdues ; exécutez de nouveau les cellules depuis le début.",
      fatal: "Python s'est arrêté pour de bon (sa pile d'appels a débordé : une récursion " +
        "ou une valeur trop profonde ; ou le code l'a terminé) ; ses variables sont perdues : " +
        "exécutez de nouveau les cellules depuis le début.",
      unsaved: "Le navigateur n'a pas pu garder cette modification (stockage plein ou " +
        "refusé) : elle reste sur cette page, mais sera perdue si la page est rechargée.",
      failed: "Python n'a pas pu se charger : ",
      restored: "Vos modifications précédentes sont reprises ; « Réinitialiser » rend le " +
        "carnet d'origine.",
      resetDone: "Le carnet d'origine est rétabli, et Python repart de zéro.",
      resetAsk: "Rendre le carnet d'origine ? Vos modifications seront perdues.",
      cell: (i) => `Cellule ${i}, code Python`, runCell: (i) => `Exécuter la cellule ${i}`,
      outputs: (i) => `Sorties de la cellule ${i}`,
      launcher: "Ouverte depuis un dossier, la page ne peut pas exécuter Python (le " +
        "navigateur l'interdit) : dans le dossier arena-site, lancez python3 serve.py (ou " +
        "double-cliquez serve.command sous macOS, serve.bat sous Windows), puis ouvrez la " +
        "page à l'adresse qu'il affiche.",
    },
    en: {
      open: "Run and edit this notebook here",
      intro: "Each cell becomes editable; Python runs in your browser, with no server and " +
        "no connection. Run the cells in order, or all at once.",
      edited: "You changed this notebook on an earlier visit: your changes will be restored.",
      runAll: "Run all", run: "Run", stop: "Stop", reset: "Reset",
      loading: "Loading Python (the first time, a few seconds)…",
      ready: "Python is ready.",
      running: (i, n) => `Running cell ${i} of ${n}…`,
      done: "Done.", failedAt: (i) => `Cell ${i} failed: the run stops there.`,
      stopped: "Python stopped: its variables are lost; run the cells again from the top.",
      dead: "Python stopped answering (the code may have closed it): its variables are " +
        "lost; run the cells again from the top.",
      fatal: "Python stopped for good (its call stack overflowed: too deep a recursion or " +
        "value; or the code ended it); its variables are lost: run the cells again from the top.",
      unsaved: "The browser could not keep this change (storage full or refused): it stays " +
        "on this page, but will be lost if the page reloads.",
      failed: "Python could not be loaded: ",
      restored: "Your earlier changes are restored; Reset gives back the original notebook.",
      resetDone: "The original notebook is back, and Python starts afresh.",
      resetAsk: "Give back the original notebook? Your changes will be lost.",
      cell: (i) => `Cell ${i}, Python code`, runCell: (i) => `Run cell ${i}`,
      outputs: (i) => `Outputs of cell ${i}`,
      launcher: "Opened from a folder, the page cannot run Python (the browser forbids it): " +
        "in the arena-site folder, run python3 serve.py (or double-click serve.command on " +
        "macOS, serve.bat on Windows), then open the page at the address it prints.",
    },
  };
  const BOOT = 120000;      // ms to load Python before the page says it is dead
  const ALIVE = 10000;      // ms for a worker to say it got a job (see notebook-worker.js)

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    node.append(...children);
    return node;
  }

  function script(url) {
    return new Promise((resolve, reject) => {
      if (window.ArenaEditor) { resolve(); return; }
      const s = el("script", { src: url });
      s.onload = resolve;
      s.onerror = () => reject(new Error(`${url} could not be loaded`));
      document.head.append(s);
    });
  }

  function storedEdits(key) {
    try { return JSON.parse(localStorage.getItem(key) || "{}"); } catch (e) { return {}; }
  }

  // An SVG from Python, put into the page through the site's one sanitiser
  // (sanitize.js: no script, event handler, link, <style> or outside address), then made
  // one image named by its title, its ids dropped (several figures share a page).
  function safeSvg(text) {
    const svg = window.arenaSanitizeSVG(text);
    if (!svg) return null;
    const title = svg.querySelector("title");
    svg.removeAttribute("aria-labelledby");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", title ? title.textContent : "");
    svg.querySelectorAll("[id]").forEach((n) => n.removeAttribute("id"));   // unique ids
    return svg;
  }

  function setup(block) {
    const lang = block.dataset.lang === "fr" ? "fr" : "en";
    const w = WORDS[lang];
    if (location.protocol === "file:") {
      block.replaceChildren(el("p", { class: "arena-error arena-launcher-note" }, w.launcher));
      return;
    }
    const cells = JSON.parse(block.dataset.cells);
    const key = block.dataset.key;
    const openButton = el("button", { type: "button", class: "md-button md-button--primary",
      "data-action": "open" }, w.open);
    const note = el("p", { class: "arena-notebook-note" }, w.intro);
    if (Object.keys(storedEdits(key)).length) note.append(" ", w.edited);
    block.replaceChildren(el("div", { class: "arena-controls" }, openButton), note);
    openButton.addEventListener("click", () => open(block, cells, key, lang, w), { once: true });
  }

  async function open(block, cells, key, lang, w) {
    const status = el("p", { class: "arena-status", role: "status", "aria-live": "polite" });
    const button = (action, text) => el("button", { type: "button", class: "md-button",
      "data-action": action }, text);
    const runAll = button("run-all", w.runAll);
    const stop = button("stop", w.stop);
    const reset = button("reset", w.reset);
    stop.disabled = true;
    reset.disabled = true;
    const controls = el("div", { class: "arena-controls arena-notebook-controls" },
      runAll, stop, reset);
    const opened = block.contains(document.activeElement);
    block.replaceChildren(controls, status);
    block.classList.add("arena-notebook-open");
    if (opened) runAll.focus();      // Open is gone: the focus stays in the notebook's controls

    const saved = storedEdits(key);
    const base = new URL(block.dataset.pyodide, location.href).href;
    const viz = new URL(block.dataset.viz, location.href).href;
    let worker = null;
    let job = 0;
    let waiting = null;       // the job the page waits for: {job, resolve}
    let loading = null;       // Python loading in the worker: its answer, when it comes
    let running = false;
    let views = null;         // the cells' editors, once the editor's script is loaded
    let asked = null;         // the cells a click asked to run before that: run once ready
    let unsaved = false;      // an edit the browser could not keep was said

    // Python ends: stopped by the reader ("stopped"), or found dead ("dead": it did not
    // say it got its job, or it broke); the job waited for ends with that
    function kill(why = "stopped") {
      if (worker) worker.terminate();
      worker = null;
      loading = null;
      delete block.dataset.python;
      if (why === "dead") status.textContent = w.dead;
      if (waiting) {
        clearTimeout(waiting.timer);
        clearTimeout(waiting.alive);
        waiting.resolve({ type: why });
        waiting = null;
      }
    }

    function send(message, limit) {
      if (!worker) {
        worker = new Worker(new URL(block.dataset.worker, location.href).href);
        worker.onmessage = (e) => {
          if (!waiting || e.data.job !== waiting.job) return;
          clearTimeout(waiting.alive);
          if (e.data.type === "alive") return;
          clearTimeout(waiting.timer);
          const { resolve } = waiting;
          waiting = null;
          resolve(e.data);
        };
        worker.onerror = () => kill("dead");
      }
      return new Promise((resolve) => {
        const mine = ++job;
        waiting = { job: mine, resolve, timer: limit ? setTimeout(() => kill("dead"), limit) : null,
          alive: setTimeout(() => kill("dead"), ALIVE) };
        worker.postMessage({ ...message, job: mine, lang, base, viz });
      });
    }

    function load() {                  // Python, loading now: the first Run answers sooner
      loading = send({}, BOOT);
      loading.then((r) => {
        if (r.type === "ready") block.dataset.python = "ready";
        if (running || asked) return;
        if (r.type === "ready" && status.textContent === w.loading) status.textContent = w.ready;
        else if (r.type === "failed") status.textContent = w.failed + r.message;
      });
    }

    // A click on Run all (or a cell's Run) before the cells are editors is kept and run
    // once they are; more clicks meanwhile ask for nothing more.
    const every = () => cells.map((_, i) => i);
    runAll.addEventListener("click", () => {
      if (views) runCells(every());
      else asked = asked || every();
    });
    stop.addEventListener("click", () => { asked = null; kill(); status.textContent = w.stopped; });
    status.textContent = w.loading;
    load();
    await script(new URL(block.dataset.editor, location.href).href);

    views = cells.map((cell, i) => {
      const node = document.querySelector(`[id="cell-id=${cell.id}"]`);
      if (!node) throw new Error(`no cell ${cell.id} on this page`);
      const input = node.querySelector(".jp-InputArea-editor");
      const host = el("div", { class: "arena-notebook-editor" });
      const wrap = el("div", { class: "arena-notebook-cell" }, host);
      input.hidden = true;
      input.after(wrap);
      const code = saved[cell.id] ?? cell.code;
      const editor = window.ArenaEditor.create(host, code, {
        label: w.cell(i + 1), whole: true,
        onChange: (text) => {
          const edits = storedEdits(key);
          if (text === cell.code) delete edits[cell.id]; else edits[cell.id] = text;
          try {
            if (Object.keys(edits).length) localStorage.setItem(key, JSON.stringify(edits));
            else localStorage.removeItem(key);
            unsaved = false;
          } catch (e) {              // storage full or refused: the edit stays on the page
            if (!unsaved) status.textContent = w.unsaved;
            unsaved = true;
          }
          block.dataset.unsaved = unsaved ? "true" : "false";
        },
      });
      const run = el("button", { type: "button", class: "md-button arena-notebook-run-cell",
        "data-action": "run", "aria-label": w.runCell(i + 1) }, `▶ ${w.run}`);
      const out = el("div", { class: "arena-notebook-output", "aria-label": w.outputs(i + 1),
        role: "region", hidden: "" });
      wrap.append(el("div", { class: "arena-controls" }, run));
      (node.querySelector(".jp-Cell-inputWrapper") || wrap).after(out);
      run.addEventListener("click", () => runCells([i]));
      return { cell, node, editor, out, run };
    });
    block.arenaNotebook = { views };       // for the page's tests

    let returnTo = null;      // the button that started a run, given the focus back after
    function busy(on) {
      running = on;
      block.dataset.state = on ? "running" : "idle";
      const held = document.activeElement;
      runAll.disabled = on;
      reset.disabled = on;
      stop.disabled = !on;
      views.forEach((v) => { v.run.disabled = on; });
      // a disabled button loses the focus to the page's <body>: Stop takes it while the
      // cells run, the button that ran them once they are done
      if (on && held && held.disabled && block.parentNode.contains(held)) {
        returnTo = held;
        stop.focus();
      } else if (!on && (held === stop || held === document.body) && returnTo) {
        if (returnTo.isConnected && !returnTo.disabled) returnTo.focus();
        returnTo = null;
      }
    }

    function show(view, outputs) {
      view.out.replaceChildren(...outputs.map((o) => {
        if (o.type === "svg") {
          const svg = safeSvg(o.svg);
          return el("div", { class: "arena-notebook-figure" }, ...(svg ? [svg] : []));
        }
        return el("pre", { class: `arena-notebook-${o.type}` }, o.text);
      }));
      view.out.hidden = outputs.length === 0;
      view.out.dataset.ran = "";
      const built = view.node.querySelector(".jp-Cell-outputWrapper");
      if (built) built.hidden = true;
    }

    async function runCells(indices) {
      if (running) return;
      busy(true);
      if (!loading) load();
      if (block.dataset.python !== "ready") status.textContent = w.loading;
      const booted = await loading;
      if (booted.type !== "ready") {
        loading = null;
        delete block.dataset.python;
        if (booted.type === "failed") status.textContent = w.failed + booted.message;
        busy(false);
        return;
      }
      block.dataset.python = "ready";
      for (const i of indices) {
        const view = views[i];
        status.textContent = w.running(i + 1, views.length);
        view.node.classList.add("arena-notebook-busy");
        const r = await send({ code: view.editor.getCode() });
        view.node.classList.remove("arena-notebook-busy");
        if (r.type === "fatal") {          // Pyodide broke: a fresh one for the next run
          kill();
          show(view, [{ type: "error", text: w.fatal }]);
          status.textContent = w.fatal;
          busy(false);
          return;
        }
        if (r.type !== "done") {           // stopped, or Python died
          if (r.type === "stopped") status.textContent = w.stopped;
          else if (r.type === "dead") status.textContent = w.dead;
          else if (r.type === "failed") status.textContent = w.failed + r.message;
          busy(false);
          return;
        }
        show(view, r.outputs);
        if (r.outputs.some((o) => o.type === "error")) {
          status.textContent = w.failedAt(i + 1);
          busy(false);
          return;
        }
      }
      status.textContent = w.done;
      busy(false);
    }

    reset.addEventListener("click", () => {
      if (!window.confirm(w.resetAsk)) return;
      kill();
      try { localStorage.removeItem(key); } catch (e) { /* nothing stored */ }
      views.forEach((v) => {
        v.editor.setCode(v.cell.code);
        v.out.replaceChildren();
        v.out.hidden = true;
        delete v.out.dataset.ran;
        const built = v.node.querySelector(".jp-Cell-outputWrapper");
        if (built) built.hidden = false;
      });
      status.textContent = w.resetDone;
    });
    busy(false);
    if (Object.keys(saved).length && !asked) status.textContent = w.restored;
    if (asked) {
      const indices = asked;
      asked = null;
      runCells(indices);
    }
  }

  function init() {
    document.querySelectorAll(".arena-notebook-run:not([data-started])").forEach((b) => {
      b.dataset.started = "";
      setup(b);
    });
  }
  if (typeof document$ !== "undefined" && location.protocol !== "file:") document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
