// The game-design page (a `<!-- design: EXAMPLE -->` marker): the student writes the rules
// of a game in the editor; Solve sends them to a worker (design-worker.js) that explores
// and solves them in Python; the page shows the counts, the start's winner and rank and,
// for a small game, its graph, laid out by Graphviz compiled to WebAssembly
// (vendor/viz-global.js, from npm), with the course's attractor stepper and game
// (arena.js, window.arenaWidgets). Everything comes from the site itself.
(function () {
  "use strict";
  const WORDS = {
    fr: {
      example: "Exemple", load: "Charger", solve: "Résoudre", stop: "Arrêter",
      loading: "Chargement de Python (la première fois, quelques secondes)…",
      running: "Exploration et résolution…", stopped: "Arrêté.",
      timeout: (s) => `Arrêté après ${s} s : les règles bouclent-elles ?`,
      dead: "Python ne répond plus : relancez.",
      folder: "Cette page exécute Python dans le navigateur, ce qui demande qu'elle soit " +
        "servie : lancez serve.py (le lanceur du dossier) puis ouvrez l'adresse qu'il affiche.",
      positions: (n, m) => `${fmt(n, "fr")} positions et ${fmt(m, "fr")} coups.`,
      counts: (a, b, d) => `Gagnantes pour J₀ : ${fmt(a, "fr")} ; pour J₁ : ${fmt(b, "fr")} ; ` +
        `matchs nuls : ${fmt(d, "fr")}.`,
      start: (s, w, r) => w === null
        ? `Depuis le départ ${s}, aucun joueur ne peut forcer la victoire : match nul.`
        : `Depuis le départ ${s}, J${w === 0 ? "₀" : "₁"} gagne, en ${r} coup${r > 1 ? "s" : ""} au plus.`,
      notDrawn: (n) => `Le jeu est résolu, mais ses ${fmt(n, "fr")} positions sont trop ` +
        "nombreuses pour un dessin lisible (on dessine jusqu'à 200 positions).",
      graph: "Votre jeu", stepper: (i) => `L'attracteur de J${i ? "₁" : "₀"}, pas à pas`,
      game: "Jouer contre la stratégie calculée",
    },
    en: {
      example: "Example", load: "Load", solve: "Solve", stop: "Stop",
      loading: "Loading Python (the first time, a few seconds)…",
      running: "Exploring and solving…", stopped: "Stopped.",
      timeout: (s) => `Stopped after ${s} s: do the rules loop?`,
      dead: "Python stopped answering: try again.",
      folder: "This page runs Python in the browser, which needs it served: start " +
        "serve.py (the folder's launcher), then open the address it prints.",
      positions: (n, m) => `${fmt(n, "en")} positions and ${fmt(m, "en")} moves.`,
      counts: (a, b, d) => `Winning for J₀: ${fmt(a, "en")}; for J₁: ${fmt(b, "en")}; ` +
        `draws: ${fmt(d, "en")}.`,
      start: (s, w, r) => w === null
        ? `From the start ${s}, neither player can force a win: a draw.`
        : `From the start ${s}, J${w === 0 ? "₀" : "₁"} wins, within ${r} move${r > 1 ? "s" : ""}.`,
      notDrawn: (n) => `The game is solved, but its ${fmt(n, "en")} positions are too many ` +
        "for a readable drawing (games are drawn up to 200 positions).",
      graph: "Your game", stepper: (i) => `The attractor of J${i ? "₁" : "₀"}, step by step`,
      game: "Play against the computed strategy",
    },
  };
  const LIMIT = 20000;      // ms of exploration and solving
  const BOOT = 120000;      // ms to load Python
  let counter = 0;

  function fmt(n, lang) {
    return n.toLocaleString(lang === "fr" ? "fr-FR" : "en-GB");
  }
  const el = (...args) => window.arenaWidgets.el(...args);    // arena.js's, loaded before
  function script(url) {
    return new Promise((resolve, reject) => {
      const s = el("script", { src: url });
      s.onload = resolve;
      s.onerror = () => reject(new Error(`${url} could not be loaded`));
      document.head.append(s);
    });
  }

  let vizReady = null;
  function layout(block, dot) {       // DOT -> SVG text, with Graphviz in WebAssembly
    vizReady = vizReady || script(new URL(block.dataset.viz, location.href).href)
      .then(() => window.Viz.instance());
    return vizReady.then((viz) => viz.renderString(dot, { format: "svg" }));
  }

  // the figure's title and description, as the figure build writes them (the widgets
  // label the drawing with them)
  function labelled(svgText, title, desc) {
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = doc.documentElement;
    const ns = "http://www.w3.org/2000/svg";
    const t = doc.createElementNS(ns, "title");
    t.setAttribute("id", "fig-title");
    t.textContent = title;
    const d = doc.createElementNS(ns, "desc");
    d.setAttribute("id", "fig-desc");
    d.textContent = desc;
    svg.prepend(t, d);
    return new XMLSerializer().serializeToString(svg);
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
    const choice = el("select", { "aria-label": w.example },
      ...Object.entries(examples).map(([id, e]) => el("option", { value: id }, e.title)));
    choice.value = block.dataset.example;
    const host = el("div", { class: "arena-design-editor" });
    const solveButton = el("button", { type: "button", class: "md-button md-button--primary",
      "data-action": "solve" }, w.solve);
    const stopButton = el("button", { type: "button", class: "md-button", "data-action": "stop",
      disabled: "" }, w.stop);
    const loadButton = el("button", { type: "button", class: "md-button", "data-action": "load" },
      w.load);
    block.replaceChildren(
      el("div", { class: "arena-controls" }, el("label", {}, `${w.example} `, choice), loadButton),
      host, el("div", { class: "arena-controls" }, solveButton, stopButton),
      status, summary, widgets);
    let editor = null;
    const ready = (window.ArenaEditor ? Promise.resolve()
      : script(new URL(block.dataset.editor, location.href).href)).then(() => {
      editor = window.ArenaEditor.create(host, examples[choice.value].code,
        { label: block.dataset.label });
      block.arenaEditor = editor;     // for the page's tests
    });
    loadButton.addEventListener("click", async () => {
      await ready;
      editor.setCode(examples[choice.value].code);
    });

    let worker = null;
    let job = 0;
    let timer = null;
    const base = new URL(block.dataset.pyodide, location.href).href;
    function stop(message) {
      clearTimeout(timer);
      if (worker) worker.terminate();
      worker = null;
      job += 1;                       // a late answer of the stopped job is ignored
      solveButton.disabled = false;
      stopButton.disabled = true;
      status.textContent = message;
    }
    stopButton.addEventListener("click", () => stop(w.stopped));
    solveButton.addEventListener("click", async () => {
      await ready;
      const mine = ++job;
      solveButton.disabled = true;
      stopButton.disabled = false;
      status.textContent = worker ? w.running : w.loading;
      if (!worker) {
        worker = new Worker(new URL(block.dataset.worker, location.href).href);
        worker.onerror = () => stop(w.dead);
      }
      worker.onmessage = async (e) => {
        if (e.data.job !== mine) return;
        if (e.data.type === "start") {
          status.textContent = w.running;
          clearTimeout(timer);
          const limit = Number(block.dataset.timeout || LIMIT);
          timer = setTimeout(() => stop(w.timeout(limit / 1000)), limit);
          return;
        }
        clearTimeout(timer);
        solveButton.disabled = false;
        stopButton.disabled = true;
        await show(e.data.result);
      };
      timer = setTimeout(() => stop(w.dead), BOOT);
      worker.postMessage({ job: mine, code: editor.getCode(), lang, base });
    });

    async function show(r) {
      widgets.replaceChildren();
      if (r.error) {
        summary.replaceChildren();
        status.textContent = r.error;
        return;
      }
      status.textContent = "";
      summary.replaceChildren(
        el("p", {}, w.positions(r.positions, r.moves)),
        el("p", {}, w.counts(r.won_by_0, r.won_by_1, r.draws)),
        el("p", { class: "arena-design-start" }, w.start(r.start, r.start_winner, r.start_rank)));
      if (!r.drawn) {
        summary.append(el("p", {}, w.notDrawn(r.positions)));
        return;
      }
      const svg = labelled(await layout(block, r.dot), w.graph, r.desc);
      const figure = `design-${++counter}`;
      const data = JSON.stringify({ svg, json: r.data });
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
