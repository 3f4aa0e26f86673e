// The game-design page (a `<!-- design: EXAMPLE -->` marker): the student writes the rules
// of a game in the editor (kept in the browser; downloaded and opened as a rules file,
// the `.py` that `arena solve` reads); Solve sends them to a fresh worker
// (design-worker.js) that explores and solves them in Python, telling how far it got,
// and lays out the drawing with Graphviz compiled to WebAssembly; the page shows the
// title, the counts, the start's winner and rank and, for a small game, its graph,
// sanitised (sanitize.js), with the course's attractor stepper and game (arena.js,
// window.arenaWidgets); for a larger one, its best first moves and, if the rules draw
// positions as text (draw), a game against the strategy on that board, each position
// asked of the worker that solved it. Everything comes from the site itself.
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
      running: "Exploration…", drawing: "Dessin du graphe…",
      drawingBoard: "Dessin du plateau (draw)…",
      explored: (n) => `Exploration : ${fmt(n, "fr")} positions explorées…`,
      solvingN: (n) => `Résolution : ${fmt(n, "fr")} position${plural(n, "fr")} explorée${plural(n, "fr")}, attracteurs en calcul…`,
      bigTimeout: (s, n) => `Arrêté après ${s} s, ${fmt(n, "fr")} positions explorées : le jeu ` +
        "est trop grand pour la page (utilisez arena solve sur votre ordinateur).",
      stopped: "Arrêté.",
      timeout: (s) => `Arrêté après ${s} s : les règles bouclent-elles ?`,
      layoutTimeout: (s) => `Le jeu est résolu, mais son dessin a été arrêté après ${s} s ` +
        "(trop de coups croisés pour un dessin lisible).",
      layoutFailed: (m) => `Le jeu est résolu, mais Graphviz n'a pas pu le dessiner : ${m}`,
      dead: "Python ne répond plus : relancez.",
      fatal: "Python s'est arrêté net (pile d'appels épuisée : une récursion sans fin, ou " +
        "une valeur imbriquée trop profondément ?) ; la prochaine résolution repart d'un " +
        "Python neuf.",
      folder: "Ouverte depuis un dossier, la page ne peut pas exécuter Python (le navigateur " +
        "l'interdit) : dans le dossier arena-site, lancez python3 serve.py (ou double-cliquez " +
        "serve.command sous macOS, serve.bat sous Windows), puis ouvrez la page à l'adresse " +
        "qu'il affiche.",
      positions: (n, m) => `${fmt(n, "fr")} position${plural(n, "fr")} et ` +
        `${fmt(m, "fr")} coup${plural(m, "fr")}.`,
      counts: (a, b, d) => `Gagnantes pour J₀ : ${fmt(a, "fr")} ; pour J₁ : ${fmt(b, "fr")} ; ` +
        `matchs nuls : ${fmt(d, "fr")}.`,
      start: (s, w, r) => {
        if (w === null) return `Depuis le départ ${s}, aucun joueur ne peut forcer la victoire : match nul.`;
        const j = `J${w === 0 ? "₀" : "₁"}`;
        return r === 0 ? `Le départ ${s} est une position de victoire de ${j} (rang 0).`
          : `Depuis le départ ${s}, ${j} gagne, en ${fmt(r, "fr")} coup${plural(r, "fr")} au plus.`;
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
      firstMoves: "Les meilleurs premiers coups, depuis le départ",
      reached: "Position atteinte", outcome: "Issue si chacun joue au mieux",
      result: (w, r) => w === null ? "match nul" : r === 0 ? `J${w ? "₁" : "₀"} a gagné`
        : `J${w ? "₁" : "₀"} gagne, en ${fmt(r, "fr")} coup${plural(r, "fr")} au plus`,
      more: (n) => `… et ${fmt(n, "fr")} autre${plural(n, "fr")} coup${plural(n, "fr")}.`,
      side: "Vous jouez", restart: "Recommencer", undo: "Annuler", hint: "Indice",
      board: "Le plateau", moves: "Vos coups possibles",
      moveTo: (k, label) => `Coup ${k} : ${label}`,
      yourTurn: (p) => `À vous de jouer (J${p}).`, computer: "L'ordinateur a joué.",
      won: (p) => `Partie terminée : J${p} a gagné.`, over: "Partie terminée : match nul.",
      hintMove: (k, why) => `Coup gagnant : le coup ${k} (${why}).`,
      drawHint: (k) => `Pour ne pas perdre : le coup ${k} (match nul).`,
      noHint: "Aucun coup ne gagne ni ne tient le match nul ici : retardez la défaite.",
      count: (n) => `${n} coup${plural(n, "fr")} joué${plural(n, "fr")}.`,
      playFailed: (m) => `La partie s'arrête : ${m}`,
      playTimeout: (s) => `La partie s'arrête : draw a mis plus de ${s} s à dessiner une position.`,
    },
    en: {
      example: "Example", load: "Load", solve: "Solve", stop: "Stop",
      open: "Open a file…", download: "Download", reset: "Reset",
      openLabel: "Open a rules file (.py)",
      loading: "Loading Python (the first time, a few seconds)…",
      running: "Exploring…", drawing: "Drawing the graph…",
      drawingBoard: "Drawing the board (draw)…",
      explored: (n) => `Exploring: ${fmt(n, "en")} positions explored…`,
      solvingN: (n) => `Solving: ${fmt(n, "en")} position${plural(n, "en")} explored, attractors being computed…`,
      bigTimeout: (s, n) => `Stopped after ${s} s, ${fmt(n, "en")} positions explored: the ` +
        "game is too large for the page (use arena solve on your computer).",
      stopped: "Stopped.",
      timeout: (s) => `Stopped after ${s} s: do the rules loop?`,
      layoutTimeout: (s) => `The game is solved, but drawing it was stopped after ${s} s ` +
        "(too many crossing moves for a readable drawing).",
      layoutFailed: (m) => `The game is solved, but Graphviz could not draw it: ${m}`,
      dead: "Python stopped answering: try again.",
      fatal: "Python stopped dead (its call stack ran out: an endless recursion, or a value " +
        "nested too deeply?); the next Solve starts from a fresh Python.",
      folder: "Opened from a folder, the page cannot run Python (the browser forbids it): " +
        "in the arena-site folder, run python3 serve.py (or double-click serve.command on " +
        "macOS, serve.bat on Windows), then open the page at the address it prints.",
      positions: (n, m) => `${fmt(n, "en")} position${plural(n, "en")} and ` +
        `${fmt(m, "en")} move${plural(m, "en")}.`,
      counts: (a, b, d) => `Winning for J₀: ${fmt(a, "en")}; for J₁: ${fmt(b, "en")}; ` +
        `draws: ${fmt(d, "en")}.`,
      start: (s, w, r) => {
        if (w === null) return `From the start ${s}, neither player can force a win: a draw.`;
        const j = `J${w === 0 ? "₀" : "₁"}`;
        return r === 0 ? `The start ${s} is a victory position of ${j} (rank 0).`
          : `From the start ${s}, ${j} wins, within ${fmt(r, "en")} move${plural(r, "en")}.`;
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
      firstMoves: "The best first moves, from the start",
      reached: "Position reached", outcome: "Outcome with best play",
      result: (w, r) => w === null ? "a draw" : r === 0 ? `J${w ? "₁" : "₀"} has won`
        : `J${w ? "₁" : "₀"} wins, within ${fmt(r, "en")} move${plural(r, "en")}`,
      more: (n) => `… and ${fmt(n, "en")} more move${plural(n, "en")}.`,
      side: "You play", restart: "Restart", undo: "Undo", hint: "Hint",
      board: "The board", moves: "Your possible moves",
      moveTo: (k, label) => `Move ${k}: ${label}`,
      yourTurn: (p) => `Your move (J${p}).`, computer: "The computer has played.",
      won: (p) => `Game over: J${p} has won.`, over: "Game over: a draw.",
      hintMove: (k, why) => `Winning move: move ${k} (${why}).`,
      drawHint: (k) => `Not to lose: move ${k} (a draw).`,
      noHint: "No move wins or holds the draw here: delay the defeat.",
      count: (n) => `${n} move${plural(n, "en")} played.`,
      playFailed: (m) => `The game stops: ${m}`,
      playTimeout: (s) => `The game stops: draw took more than ${s} s to draw a position.`,
    },
  };
  const LIMIT = 20000;      // ms of exploration and solving
  const LAYOUT = 15000;     // ms of layout
  const BOOT = 120000;      // ms to load Python
  const MAX_FILE = 256;     // kB: a rules file is a page or two of Python
  const ASK = 5000;         // ms for a position of a play (the rules' draw)
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
      block.replaceChildren(el("p", { class: "arena-error arena-launcher-note" }, w.folder));
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
    // a snapshot of a fresh Python (python-boot.js), taken by the first worker booted, and
    // only while no Solve has replaced its handler (the code comes after that)
    let snapshot = null;
    let snapshotBy = null;
    function python() {
      const worker = new Worker(workerUrl);
      const secret = nonce();
      const py = { worker, loaded: false };
      const how = snapshot ? { snapshot } : snapshotBy ? {} : { makeSnapshot: true };
      if (how.makeSnapshot) snapshotBy = py;
      py.ready = new Promise((resolve, reject) => {
        worker.onmessage = (e) => {
          if (!e.data || e.data.nonce !== secret) return;
          if (e.data.type === "snapshot") {
            if (snapshotBy === py && e.data.snapshot instanceof Uint8Array) snapshot = e.data.snapshot;
            if (snapshotBy === py) snapshotBy = null;
          } else if (e.data.type === "ready") {
            py.loaded = true;
            resolve();
          } else reject(new Error("failed"));
        };
        worker.onerror = () => reject(new Error("failed"));
      });
      py.ready.catch(() => {
        if (spare === py) spare = null;
        if (snapshotBy === py) snapshotBy = null;
      });
      worker.postMessage({ kind: "boot", base, viz, nonce: secret, ...how });
      return py;
    }
    function warmUp() {
      if (!spare) spare = python();
    }

    let run = null;                    // the Solve under way
    let player = null;                 // the worker a play on a board asks, kept after it
    function finish(r, message, keep = false) {
      if (run !== r) return;
      clearTimeout(r.timer);
      if (r.py && !keep) r.py.worker.terminate();
      run = null;
      const stopHeld = document.activeElement === stopButton;
      solveButton.disabled = false;
      stopButton.disabled = true;
      if (stopHeld) solveButton.focus();        // the focus stays on a control
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
      const solveHeld = document.activeElement === solveButton;
      solveButton.disabled = true;
      stopButton.disabled = false;
      if (solveHeld) stopButton.focus();        // not the page's <body>
      block.dataset.busy = "true";
      summary.replaceChildren();       // nothing of the previous game stays on screen
      widgets.replaceChildren();
      if (player) player.worker.terminate();
      player = null;
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
          r.started = performance.now();
          status.textContent = w.running;
          watch(r, limit, w.timeout(limit / 1000));
        } else if (m.type === "progress") {
          const n = Number(m.positions) || 0;
          status.textContent = m.phase === "solve" ? w.solvingN(n)
            : m.phase === "draw" ? w.drawingBoard : w.explored(n);
          // a game this large that runs out of time is too large, not looping (draw,
          // which draws the board, may loop)
          watch(r, Math.max(0, limit - (performance.now() - r.started)),
            m.phase === "draw" ? w.timeout(limit / 1000) : w.bigTimeout(limit / 1000, n));
        } else if (m.type === "solved") {
          const result = m.result || {};
          if (!result.dot) {
            const board = result.board && !result.board.error;
            finish(r, "", board);
            show(result);
            if (result.board && result.board.error) {
              status.textContent = w.playFailed(String(result.board.error));
            }
            if (board) {
              player = py;
              play(py, secret, result.board);
            }
            return;
          }
          r.result = result;
          show(result);
          status.textContent = w.drawing;
          // a drawing that comes later than the limit is stopped, even when its message
          // beats the timer (a busy page runs timers late)
          r.drawDeadline = performance.now() + layout;
          watch(r, layout, w.layoutTimeout(layout / 1000));
        } else if (m.type === "drawn") {
          if (performance.now() > r.drawDeadline) {
            finish(r, w.layoutTimeout(layout / 1000));
            return;
          }
          const result = r.result;
          finish(r, m.error ? w.layoutFailed(String(m.error).slice(0, 300)) : "");
          if (!m.error) draw(result, m.svg);
        } else if (m.type === "failed") {
          finish(r, w.dead);
        }
      };
      py.worker.postMessage({ kind: "solve", code, lang, nonce: secret,
        memoryLimit: Number(block.dataset.memoryLimit || 0) });
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
      if (Array.isArray(r.first_moves) && r.first_moves.length) {
        // a table without a class: Material styles it as the course's tables
        summary.append(el("div", { class: "arena-design-first" }, el("table", {},
          el("caption", {}, w.firstMoves),
          el("thead", {}, el("tr", {}, el("th", { scope: "col" }, w.reached),
            el("th", { scope: "col" }, w.outcome))),
          el("tbody", {}, ...r.first_moves.map((m) => el("tr", {},
            el("td", {}, el("code", {}, String(m.label))),
            el("td", {}, w.result(m.winner, m.rank))))))));
        if (r.more_first_moves > 0) summary.append(el("p", {}, w.more(r.more_first_moves)));
      }
    }

    // A play against the strategy on the board the rules draw (draw(position), a text):
    // each position it reaches is asked of the Solve's worker, which kept the game
    function play(py, secret, first) {
      const box = el("div", { class: "arena-design-play" });
      const board = el("pre", { class: "arena-design-board", "aria-label": w.board });
      const choices = el("div", { class: "arena-choices", role: "group", "aria-label": w.moves });
      const said = el("p", { class: "arena-status", "aria-live": "polite" });
      const sideSelect = el("select", { "aria-label": w.side },
        ...[0, 1].map((p) => el("option", { value: String(p) }, `J${p}`)));
      const buttons = [w.restart, w.undo, w.hint].map((text, k) => el("button", {
        type: "button", class: `md-button arena-${["restart", "undo", "hint"][k]}` }, text));
      box.append(el("div", { class: "arena-controls" }, el("label", {}, `${w.side} `,
        sideSelect), ...buttons), board, choices, said);
      widgets.replaceChildren(el("h3", {}, w.game), box);
      const known = new Map([[first.id, first]]);
      const asked = new Map();
      let queries = 0;
      let history = [first.id];
      let side = first.winner === 1 ? 0 : 1;          // by default, the reader defends
      let message = "";
      let dead = false;
      sideSelect.value = String(side);
      py.worker.onmessage = (e) => {
        const m = e.data;
        if (player !== py || !m || m.nonce !== secret || m.type !== "position") return;
        const wait = asked.get(m.query);
        if (wait) wait(m.data);
      };
      function stop(text) {
        dead = true;
        py.worker.terminate();
        if (player === py) player = null;
        box.querySelectorAll("button, select").forEach((b) => { b.disabled = true; });
        said.textContent = text;
      }
      function position(id) {
        if (known.has(id)) return Promise.resolve(known.get(id));
        const query = ++queries;
        return new Promise((resolve) => {
          const timer = setTimeout(() => stop(w.playTimeout(ASK / 1000)), ASK);
          asked.set(query, (data) => {
            clearTimeout(timer);
            asked.delete(query);
            if (data && !data.error) known.set(id, data);
            resolve(data);
          });
          py.worker.postMessage({ kind: "position", id, query, nonce: secret });
        });
      }
      const over = (v) => v.victory !== null || !v.successors.length;
      async function changed() {
        message = "";
        for (;;) {                     // the computer answers while it is its turn
          const v = await position(history[history.length - 1]);
          if (dead) return;
          if (!v || v.error) { stop(w.playFailed(v ? v.error : "")); return; }
          if (over(v) || v.owner === side || v.move === null) { show(v); return; }
          history.push(v.move);
          message = w.computer;
        }
      }
      function show(v) {
        board.textContent = v.text;
        const mine = !over(v) && v.owner === side;
        // a move's button gives the focus to the next position's first (or to Restart):
        // never to the page's <body>
        const moved = choices.contains(document.activeElement);
        choices.replaceChildren(...(mine ? v.successors : []).map((s, k) => el("button", {
          type: "button", class: "md-button arena-move", "data-move": String(s.id),
          "aria-label": w.moveTo(k + 1, s.label), onclick: () => move(s.id) },
          el("span", {}, w.moveTo(k + 1, s.label)), el("pre", {}, s.text))));
        const lines = message ? [message] : [];
        if (over(v)) lines.push(v.victory !== null ? w.won(v.victory)
          : v.winner !== null ? w.won(v.winner) : w.over);
        else if (mine) lines.push(w.yourTurn(side));
        lines.push(w.count(history.length - 1));
        said.textContent = lines.join(" ");
        box.dataset.position = String(v.id);
        box.dataset.turn = over(v) ? "over" : mine ? "reader" : "computer";
        box.dataset.moves = String(history.length - 1);
        if (moved) (choices.querySelector("button") || buttons[0]).focus();
      }
      function move(id) {
        if (dead || box.dataset.turn !== "reader") return;
        history.push(id);
        changed();
      }
      buttons[0].addEventListener("click", () => { history = [first.id]; changed(); });
      buttons[1].addEventListener("click", async () => {   // back to the reader's decision
        while (history.length > 1) {
          history.pop();
          const v = await position(history[history.length - 1]);
          if (!v || v.error || (!over(v) && v.owner === side)) break;
        }
        changed();
      });
      buttons[2].addEventListener("click", async () => {
        const v = await position(history[history.length - 1]);
        if (dead || !v || v.error || over(v) || v.owner !== side) return;
        const best = v.successors[0];         // best first, for the player to move
        said.textContent = best.winner === side ? w.hintMove(1, w.result(best.winner, best.rank))
          : best.winner === null ? w.drawHint(1) : w.noHint;
        box.dataset.hint = best.winner === side || best.winner === null ? String(best.id) : "";
      });
      sideSelect.addEventListener("change", () => {
        side = Number(sideSelect.value);
        history = [first.id];
        changed();
      });
      changed();
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
