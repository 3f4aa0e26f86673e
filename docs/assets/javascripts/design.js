// The game-design page (a `<!-- design: EXAMPLE -->` marker): the student writes the rules
// of a game in the editor (kept in the browser; downloaded and opened as a rules file,
// the `.py` that `arena solve` reads); Solve sends them to a fresh worker
// (design-worker.js) that explores and solves them in Python and lays out the drawing
// with Graphviz compiled to WebAssembly; the page shows the title, the counts, the
// start's winner and rank and, for a small game, its graph, sanitised
// (sanitize.js), with the course's attractor stepper and game (arena.js,
// window.arenaWidgets). Everything comes from the site itself.
(function () {
  "use strict";
  const fmt = (n, lang) => Number(n).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB");
  // French: singular for 0 and 1; English: for 1 alone
  const plural = (n, lang) => (lang === "fr" ? Number(n) > 1 : Number(n) !== 1) ? "s" : "";
  const WORDS = {
    fr: {
      example: "Exemple", load: "Charger", solve: "Résoudre", stop: "Arrêter",
      open: "Ouvrir un fichier…", download: "Télécharger", reset: "Réinitialiser",
      openLabel: "Ouvrir un fichier de règles (.py)",
      loading: "Chargement de Python (la première fois, quelques secondes)…",
      running: "Exploration…", solving: "Résolution…", drawing: "Dessin du graphe…",
      explored: (n) => `Exploration : ${fmt(n, "fr")} positions explorées…`,
      stopped: "Arrêté.",
      timeout: (s) => `Arrêté après ${s} s : les règles bouclent-elles ?`,
      layoutTimeout: (s) => `Le jeu est résolu, mais son dessin a été arrêté après ${s} s ` +
        "(trop de coups croisés pour un dessin lisible).",
      layoutFailed: (m) => `Le jeu est résolu, mais Graphviz n'a pas pu le dessiner : ${m}`,
      dead: "Python ne répond plus : relancez.",
      fatal: "Python s'est arrêté net (pile d'appels épuisée : une récursion sans fin, ou " +
        "une valeur imbriquée trop profondément ?) ; la prochaine résolution repart d'un " +
        "Python neuf.",
      folder: "Cette page exécute Python dans le navigateur, ce qui demande qu'elle soit " +
        "servie : lancez serve.py (le lanceur du dossier) puis ouvrez l'adresse qu'il affiche.",
      positions: (n, m) => `${fmt(n, "fr")} position${plural(n, "fr")} et ` +
        `${fmt(m, "fr")} coup${plural(m, "fr")}.`,
      counts: (a, b, d) => `Gagnantes pour J₀ : ${fmt(a, "fr")} ; pour J₁ : ${fmt(b, "fr")} ; ` +
        `matchs nuls : ${fmt(d, "fr")}.`,
      start: (s, w, r) => {
        if (w === null) return `Depuis le départ ${s}, aucun joueur ne peut forcer la victoire : match nul.`;
        const j = `J${w === 0 ? "₀" : "₁"}`;
        return r === 0 ? `Le départ ${s} est une position de victoire de ${j} (rang 0).`
          : `Depuis le départ ${s}, ${j} gagne, en ${r} coup${plural(r, "fr")} au plus.`;
      },
      notDrawn: (why, n, m, limits) => (why === "moves"
        ? `Le jeu est résolu, mais ses ${fmt(m, "fr")} coups sont trop nombreux`
        : `Le jeu est résolu, mais ses ${fmt(n, "fr")} positions sont trop nombreuses`)
        + ` pour un dessin lisible (on dessine jusqu'à ${fmt(limits.positions, "fr")} positions`
        + ` et ${fmt(limits.moves, "fr")} coups).`,
      graph: "Votre jeu", stepper: (i) => `L'attracteur de J${i ? "₁" : "₀"}, pas à pas`,
      game: "Jouer contre la stratégie calculée",
      resetAsk: "Remettre l'exemple de départ ? Vos règles seront perdues.",
      loadAsk: "Charger l'exemple ? Vos règles seront remplacées (téléchargez-les d'abord " +
        "pour les garder).",
      notKept: "Vos règles n'ont pas pu être gardées dans ce navigateur (stockage plein ou " +
        "désactivé) : téléchargez-les pour ne pas les perdre.",
      opened: (name) => `Règles ouvertes depuis ${name}.`,
      notText: (name) => `${name} n'est pas un fichier de règles (du texte Python en UTF-8).`,
      tooLarge: (name, k) => `${name} est trop gros (plus de ${fmt(k, "fr")} ko) pour un fichier de règles.`,
      file: "jeu",
    },
    en: {
      example: "Example", load: "Load", solve: "Solve", stop: "Stop",
      open: "Open a file…", download: "Download", reset: "Reset",
      openLabel: "Open a rules file (.py)",
      loading: "Loading Python (the first time, a few seconds)…",
      running: "Exploring…", solving: "Solving…", drawing: "Drawing the graph…",
      explored: (n) => `Exploring: ${fmt(n, "en")} positions explored…`,
      stopped: "Stopped.",
      timeout: (s) => `Stopped after ${s} s: do the rules loop?`,
      layoutTimeout: (s) => `The game is solved, but drawing it was stopped after ${s} s ` +
        "(too many crossing moves for a readable drawing).",
      layoutFailed: (m) => `The game is solved, but Graphviz could not draw it: ${m}`,
      dead: "Python stopped answering: try again.",
      fatal: "Python stopped dead (its call stack ran out: an endless recursion, or a value " +
        "nested too deeply?); the next Solve starts from a fresh Python.",
      folder: "This page runs Python in the browser, which needs it served: start " +
        "serve.py (the folder's launcher), then open the address it prints.",
      positions: (n, m) => `${fmt(n, "en")} position${plural(n, "en")} and ` +
        `${fmt(m, "en")} move${plural(m, "en")}.`,
      counts: (a, b, d) => `Winning for J₀: ${fmt(a, "en")}; for J₁: ${fmt(b, "en")}; ` +
        `draws: ${fmt(d, "en")}.`,
      start: (s, w, r) => {
        if (w === null) return `From the start ${s}, neither player can force a win: a draw.`;
        const j = `J${w === 0 ? "₀" : "₁"}`;
        return r === 0 ? `The start ${s} is a victory position of ${j} (rank 0).`
          : `From the start ${s}, ${j} wins, within ${r} move${plural(r, "en")}.`;
      },
      notDrawn: (why, n, m, limits) => (why === "moves"
        ? `The game is solved, but its ${fmt(m, "en")} moves are too many`
        : `The game is solved, but its ${fmt(n, "en")} positions are too many`)
        + ` for a readable drawing (games are drawn up to ${fmt(limits.positions, "en")}`
        + ` positions and ${fmt(limits.moves, "en")} moves).`,
      graph: "Your game", stepper: (i) => `The attractor of J${i ? "₁" : "₀"}, step by step`,
      game: "Play against the computed strategy",
      resetAsk: "Put the starting example back? Your rules will be lost.",
      loadAsk: "Load the example? It replaces your rules (download them first to keep them).",
      notKept: "Your rules could not be kept in this browser (storage full or turned off): " +
        "download them so as not to lose them.",
      opened: (name) => `Rules opened from ${name}.`,
      notText: (name) => `${name} is not a rules file (Python text in UTF-8).`,
      tooLarge: (name, k) => `${name} is too large (more than ${fmt(k, "en")} kB) for a rules file.`,
      file: "game",
    },
  };
  const LIMIT = 20000;      // ms of exploration and solving
  const LAYOUT = 15000;     // ms of layout
  const BOOT = 120000;      // ms to load Python
  const MAX_FILE = 256;     // kB: a rules file is a page or two of Python
  let counter = 0;

  const el = (...args) => window.arenaWidgets.el(...args);    // arena.js's, loaded before
  function script(url) {
    return new Promise((resolve, reject) => {
      const s = el("script", { src: url });
      s.onload = resolve;
      s.onerror = () => reject(new Error(`${url} could not be loaded`));
      document.head.append(s);
    });
  }

  function nonce() {
    const bytes = new Uint32Array(4);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16)).join("");
  }

  // the figure's title and description, as the figure build writes them (the widgets
  // label the drawing with them); each vertex's tooltip is its position, not its key
  function labelled(svg, title, desc, data) {
    const ns = "http://www.w3.org/2000/svg";
    const t = document.createElementNS(ns, "title");
    t.setAttribute("id", "fig-title");
    t.textContent = title;
    const d = document.createElementNS(ns, "desc");
    d.setAttribute("id", "fig-desc");
    d.textContent = desc;
    svg.prepend(t, d);
    // never wider than Graphviz drew it (a game of three positions is not a poster)
    const width = svg.getAttribute("width") || "";
    if (/^\d+(\.\d+)?(pt|px)?$/.test(width)) svg.style.maxWidth = width;
    const text = (key) => (data.vertices[key] && data.vertices[key].label) || key;
    Object.entries(data.vertices).forEach(([key, v]) => {
      const node = svg.querySelector(`[id="${CSS.escape(String(v.svg))}"] > title`);
      if (node) node.textContent = text(key);
      Object.entries(v.successors || {}).forEach(([to, id]) => {
        const edge = svg.querySelector(`[id="${CSS.escape(String(id))}"] > title`);
        if (edge) edge.textContent = `${text(key)} → ${text(to)}`;
      });
    });
    return new XMLSerializer().serializeToString(svg);
  }

  // a file name from the game's title: letters, digits and dashes
  function fileName(title, w) {
    const base = (title || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40);
    return `${base || w.file}.py`;
  }

  function setup(block) {
    const lang = block.dataset.lang === "fr" ? "fr" : "en";
    const w = WORDS[lang];
    const examples = JSON.parse(block.dataset.examples);
    const status = el("p", { class: "arena-status", "aria-live": "polite" });
    const summary = el("div", { class: "arena-design-summary" });
    const widgets = el("div", { class: "arena-design-widgets" });
    if (location.protocol === "file:") {
      block.replaceChildren(el("p", { class: "arena-error" }, w.folder));
      return;
    }
    const key = `arena-design:${lang}`;
    const choice = el("select", { "aria-label": w.example },
      ...Object.entries(examples).map(([id, e]) => el("option", { value: id }, e.title)));
    choice.value = block.dataset.example;
    const host = el("div", { class: "arena-design-editor" });
    const button = (action, text, extra = {}) => el("button", { type: "button",
      class: "md-button", "data-action": action, ...extra }, text);
    const solveButton = button("solve", w.solve, { class: "md-button md-button--primary" });
    const stopButton = button("stop", w.stop, { disabled: "" });
    const loadButton = button("load", w.load);
    const openButton = button("open", w.open);
    const downloadButton = button("download", w.download);
    const resetButton = button("reset", w.reset);
    const fileInput = el("input", { type: "file", accept: ".py,text/x-python,text/plain",
      hidden: "", "aria-label": w.openLabel, "data-role": "open" });
    block.replaceChildren(
      el("div", { class: "arena-controls" }, el("label", {}, `${w.example} `, choice), loadButton,
        openButton, downloadButton, resetButton, fileInput),
      host, el("div", { class: "arena-controls" }, solveButton, stopButton),
      status, summary, widgets);
    block.dataset.runs = "0";

    let editor = null;
    let title = null;                  // the last solved game's title (the file's name)
    let saved = null;
    try { saved = localStorage.getItem(key); } catch (e) { /* storage off */ }
    const ready = (window.ArenaEditor ? Promise.resolve()
      : script(new URL(block.dataset.editor, location.href).href)).then(() => {
      editor = window.ArenaEditor.create(host, saved ?? examples[choice.value].code, {
        label: block.dataset.label,
        onChange: (code) => {
          try {
            localStorage.setItem(key, code);
          } catch (e) {
            status.textContent = w.notKept;
          }
        },
      });
      block.arenaEditor = editor;     // for the page's tests
      host.addEventListener("focusin", warmUp, { once: true });
    });
    const isExample = (code) => Object.values(examples).some((e) => e.code === code);
    loadButton.addEventListener("click", async () => {
      await ready;
      if (!isExample(editor.getCode()) && !window.confirm(w.loadAsk)) return;
      editor.setCode(examples[choice.value].code);
    });
    resetButton.addEventListener("click", async () => {
      await ready;
      if (!isExample(editor.getCode()) && !window.confirm(w.resetAsk)) return;
      choice.value = block.dataset.example;
      editor.setCode(examples[block.dataset.example].code);
      try { localStorage.removeItem(key); } catch (e) { /* storage off */ }
    });
    downloadButton.addEventListener("click", async () => {
      await ready;
      const blob = new Blob([editor.getCode()], { type: "text/x-python" });
      const url = URL.createObjectURL(blob);
      const a = el("a", { href: url, download: fileName(title, w), hidden: "" });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });
    openButton.addEventListener("click", () => fileInput.click());
    fileInput.addEventListener("change", async () => {
      const file = fileInput.files[0];
      fileInput.value = "";
      if (!file) return;
      await ready;
      if (file.size > MAX_FILE * 1024) {
        status.textContent = w.tooLarge(file.name, MAX_FILE);
        return;
      }
      let text = null;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
      } catch (e) { /* not UTF-8 */ }
      if (text === null || text.includes("\u0000")) {
        status.textContent = w.notText(file.name);
        return;
      }
      editor.setCode(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"));
      status.textContent = w.opened(file.name);
    });

    // Python: a worker per Solve, loaded in advance (the spare: from the first time the
    // editor is used, and again as each Solve starts) and never given code before; the
    // one a Solve used is ended with it
    const workerUrl = new URL(block.dataset.worker, location.href).href;
    const base = new URL(block.dataset.pyodide, location.href).href;
    const viz = new URL(block.dataset.viz, location.href).href;
    let spare = null;
    function python() {
      const worker = new Worker(workerUrl);
      const secret = nonce();
      const py = { worker, loaded: false };
      py.ready = new Promise((resolve, reject) => {
        worker.onmessage = (e) => {
          if (!e.data || e.data.nonce !== secret) return;
          if (e.data.type === "ready") { py.loaded = true; resolve(); } else reject(new Error("failed"));
        };
        worker.onerror = () => reject(new Error("failed"));
      });
      py.ready.catch(() => { if (spare === py) spare = null; });
      worker.postMessage({ kind: "boot", base, viz, nonce: secret });
      return py;
    }
    function warmUp() {
      if (!spare) spare = python();
    }

    let run = null;                    // the Solve under way
    function finish(r, message) {
      if (run !== r) return;
      clearTimeout(r.timer);
      if (r.py) r.py.worker.terminate();
      run = null;
      solveButton.disabled = false;
      stopButton.disabled = true;
      block.dataset.busy = "";
      if (message !== undefined) status.textContent = message;
      warmUp();
    }
    const watch = (r, ms, message) => {
      clearTimeout(r.timer);
      r.timer = setTimeout(() => finish(r, message), ms);
    };
    stopButton.addEventListener("click", () => { if (run) finish(run, w.stopped); });

    // One Solve at a time: a click while one runs (or while Python loads) is the same
    // Solve, which runs as soon as Python is ready
    solveButton.addEventListener("click", async () => {
      if (run) return;
      const r = run = { timer: null, py: null };
      solveButton.disabled = true;
      stopButton.disabled = false;
      block.dataset.busy = "true";
      summary.replaceChildren();       // nothing of the previous game stays on screen
      widgets.replaceChildren();
      await ready;
      if (run !== r) return;
      const code = editor.getCode();
      warmUp();
      const py = r.py = spare;
      spare = null;
      warmUp();                        // the next Solve's Python loads while this one runs
      status.textContent = py.loaded ? w.running : w.loading;
      watch(r, BOOT, w.dead);
      try {
        await py.ready;
      } catch (e) {
        finish(r, w.dead);
        return;
      }
      if (run !== r) return;
      const secret = nonce();
      const limit = Number(block.dataset.timeout || LIMIT);
      const layout = Number(block.dataset.layoutTimeout || LAYOUT);
      py.worker.onerror = () => finish(r, w.dead);
      py.worker.onmessage = (e) => {
        const m = e.data;
        if (run !== r || !m || m.nonce !== secret) return;      // not this Solve's worker
        if (m.type === "start") {
          status.textContent = w.running;
          watch(r, limit, w.timeout(limit / 1000));
        } else if (m.type === "progress") {
          status.textContent = w.explored(m.positions);
        } else if (m.type === "solved") {
          const result = m.result || {};
          if (!result.dot) {
            finish(r, "");
            show(result);
            return;
          }
          r.result = result;
          show(result);
          status.textContent = w.drawing;
          watch(r, layout, w.layoutTimeout(layout / 1000));
        } else if (m.type === "drawn") {
          const result = r.result;
          finish(r, m.error ? w.layoutFailed(String(m.error).slice(0, 300)) : "");
          if (!m.error) draw(result, m.svg);
        } else if (m.type === "failed") {
          finish(r, w.dead);
        }
      };
      py.worker.postMessage({ kind: "solve", code, lang, nonce: secret });
      block.dataset.runs = String(Number(block.dataset.runs) + 1);
    });

    function show(r) {
      if (r.fatal) {
        status.textContent = w.fatal;
        return;
      }
      if (typeof r.error === "string" || typeof r.positions !== "number") {
        status.textContent = typeof r.error === "string" ? r.error : w.dead;
        return;
      }
      title = typeof r.title === "string" ? r.title : null;
      summary.replaceChildren(
        ...(title ? [el("p", { class: "arena-design-title" }, el("strong", {}, title))] : []),
        el("p", {}, w.positions(r.positions, r.moves)),
        el("p", {}, w.counts(r.won_by_0, r.won_by_1, r.draws)),
        el("p", { class: "arena-design-start" }, w.start(String(r.start), r.start_winner,
          r.start_rank)));
      if (!r.dot && r.too_many && r.limits) {
        summary.append(el("p", {}, w.notDrawn(r.too_many, r.positions, r.moves, r.limits)));
      }
    }

    function draw(r, text) {
      const svg = window.arenaSanitizeSVG(text);
      if (!svg || !r.data || !r.data.vertices) return;
      const figure = `design-${++counter}`;
      const data = JSON.stringify({ svg: labelled(svg, title || w.graph, String(r.desc || ""),
        r.data), json: r.data });
      const box = (kind, extra) => el("div", { class: `arena-${kind}`, "data-figure": figure,
        "data-embedded": data, ...extra });
      widgets.replaceChildren(
        el("h3", {}, w.stepper(0)), box("stepper", { "data-player": "0" }),
        el("h3", {}, w.stepper(1)), box("stepper", { "data-player": "1" }),
        el("h3", {}, w.game), box("game", {}));
      window.arenaWidgets.init();
    }
  }

  function init() {
    document.querySelectorAll(".arena-design:not([data-started])").forEach((b) => {
      b.dataset.started = "";
      setup(b);
    });
  }
  if (typeof document$ !== "undefined") document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
