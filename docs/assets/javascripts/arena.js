// Interactive figures of the course: step through an attractor, play against the
// computed strategy. Everything was computed when the site was built (figures/<id>.json);
// the browser only toggles classes on the figure's SVG. No library, no request elsewhere.
(() => {
  "use strict";

  const TEXT = {
    fr: {
      first: "Première étape", prev: "Étape précédente", next: "Étape suivante",
      last: "Dernière étape", slider: "Étape de l'attracteur",
      step: (n, k) => `Étape ${n} sur ${k}`,
      added: (n, list) => `Étape ${n} : ${list.length} sommet${list.length > 1 ? "s" : ""} ajouté${list.length > 1 ? "s" : ""} (${list.join(" ; ")}).`,
      side: "Vous jouez", start: "Départ", restart: "Recommencer", undo: "Annuler",
      hint: "Indice", moves: "Vos coups possibles", player: (p) => `J${p}`,
      yourTurn: (who) => `À vous de jouer (${who}).`, computer: "L'ordinateur a joué.",
      position: (who, r) => who === null ? "Cette position est un match nul si chacun joue au mieux."
        : `Cette position est gagnante pour ${who}, de rang ${r}.`,
      states: "Le graphe des positions du jeu",
      won: (who) => `Partie terminée, gagnée par ${who}.`, draw: "Partie terminée sur un cul-de-sac : match nul.",
      hintMove: (m) => `Coup gagnant : ${m}.`, noHint: "Aucun coup ne gagne ici : retardez la défaite.",
      drawHint: (m) => `Pour ne pas perdre : ${m}.`, moveTo: (m) => `Jouer ${m}`,
      count: (n) => `${n} coup${n > 1 ? "s" : ""} joué${n > 1 ? "s" : ""}.`,   // 0 coup, 1 coup, 2 coups
      outOf: (n, k) => `${n} coup${n > 1 ? "s" : ""} sur ${k}.`,
      spot: (c) => `Sommet ${c} du plateau`,
      broken: "Les données de cette figure n'ont pas pu être lues : la figure statique et le texte restent valables.",
      traceSlider: "Étape de l'algorithme", enlarge: "Agrandir la figure", sep: "\u202f: ",
      empty: (p) => `J${p} n'a aucune position de victoire : son attracteur est vide, aucun sommet n'y entre.`,
    },
    en: {
      first: "First step", prev: "Previous step", next: "Next step", last: "Last step",
      slider: "Step of the attractor", step: (n, k) => `Step ${n} of ${k}`,
      added: (n, list) => `Step ${n}: ${list.length} vert${list.length === 1 ? "ex" : "ices"} added (${list.join("; ")}).`,
      side: "You play", start: "Start", restart: "Restart", undo: "Undo", hint: "Hint",
      moves: "Your possible moves", player: (p) => `J${p}`,
      yourTurn: (who) => `Your move (${who}).`, computer: "The computer has played.",
      position: (who, r) => who === null ? "This position is a draw when both play their best."
        : `This position is winning for ${who}, of rank ${r}.`,
      states: "The graph of the game's positions",
      won: (who) => `Game over: won by ${who}.`, draw: "Game over at a dead end: a draw.",
      hintMove: (m) => `Winning move: ${m}.`, noHint: "No move wins here: delay the defeat.",
      drawHint: (m) => `Not to lose: ${m}.`, moveTo: (m) => `Play ${m}`,
      count: (n) => `${n} move${n === 1 ? "" : "s"} played.`,   // 0 moves, 1 move, 2 moves
      outOf: (n, k) => `${n} move${n === 1 ? "" : "s"} out of ${k}.`,
      spot: (c) => `Board vertex ${c}`,
      broken: "This figure's data could not be read: the static figure and the text still hold.",
      traceSlider: "Step of the algorithm", enlarge: "Enlarge the figure", sep: ": ",
      empty: (p) => `J${p} has no victory position: its attractor is empty, no vertex enters it.`,
    },
  };
  const language = () => document.documentElement.lang === "fr" ? "fr" : "en";
  const t = () => TEXT[language()];
  const SVGNS = "http://www.w3.org/2000/svg";
  const FOCUSABLE = "button:not(:disabled), select:not(:disabled), input:not(:disabled), "
    + "summary, [tabindex]:not([tabindex='-1'])";

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    node.append(...children);
    return node;
  }

  // Inline a figure's SVG, with its ids prefixed so that several figures fit in a page.
  async function fetchText(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.text();
  }
  const fetchJson = async (url) => JSON.parse(await fetchText(url));

  // A widget's data: written in the page by the site build (so that it plays from a
  // folder, file://, where nothing can be fetched), or else fetched from figures/.
  function embedded(box) {
    return box.dataset.embedded ? JSON.parse(box.dataset.embedded) : null;
  }
  const svgOf = async (box, key, prefix) => {
    const data = embedded(box);
    return parseSvg(data ? data[key] : await fetchText(box.dataset[key]), prefix);
  };
  const jsonOf = async (box) => {
    const data = embedded(box);
    return data ? data.json : fetchJson(box.dataset.json);
  };

  function parseSvg(text, prefix) {
    if (typeof text !== "string") throw new Error("no SVG");
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
    // a truncated file parses to an error document: never put that text in the page
    if (parsed.querySelector("parsererror") || parsed.documentElement.localName !== "svg") {
      throw new Error(`${url}: not a readable SVG`);
    }
    const svg = parsed.documentElement;
    svg.querySelectorAll("[id]").forEach((n) => { n.id = prefix + n.id; });
    svg.setAttribute("aria-labelledby", `${prefix}fig-title ${prefix}fig-desc`);
    svg.setAttribute("role", "group");     // it holds controls: not a single image
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    return document.importNode(svg, true);
  }

  // A stepper's drawing opens full screen, zoomable, as it stands (course.js's dialog): a
  // tap on it, or Enter or Space once focused; a button named by the figure's title
  function zoomable(stage, svg) {
    const title = svg.querySelector("title");
    const name = title ? title.textContent.trim() : "";
    stage.classList.add("arena-zoomable");
    stage.tabIndex = 0;
    stage.setAttribute("role", "button");
    stage.setAttribute("aria-label", name ? `${t().enlarge}${t().sep}${name}` : t().enlarge);
    stage.dataset.title = name || t().enlarge;
  }

  function vertexNode(svg, prefix, data, name) {
    return svg.querySelector(`[id="${prefix}${data.vertices[name].svg}"]`);
  }

  // A vertex's text: its name, or the label its data gives (the game-design page names
  // vertices by number, so that two positions never share a name, and labels them with
  // the position as Python writes it)
  const labelOf = (data, name) => {
    const label = data.vertices[name].label;
    return typeof label === "string" ? label : name;
  };

  // A vertex one taps is at least 24 by 24 CSS pixels (WCAG 2.2, 2.5.8), however small
  // the drawing is on the screen: an invisible rectangle around its shape, grown to 26 px
  // at the drawing's present scale and kept inside the drawing; measured again when the
  // drawing changes size (a phone turned, a folded block opened).
  const TARGET = 26;
  function hitAreas(svg, selector) {
    const view = svg.viewBox && svg.viewBox.baseVal;
    const measure = () => svg.querySelectorAll(selector).forEach((g) => {
      let hit = g.querySelector(":scope > rect.arena-hit");
      const shapes = [...g.children].filter((c) => c !== hit && c.localName !== "title"
        && typeof c.getBBox === "function");
      const boxes = shapes.map((c) => c.getBBox()).filter((b) => b.width > 0 && b.height > 0);
      const matrix = g.getScreenCTM();
      const scale = matrix ? Math.hypot(matrix.a, matrix.b) : 0;
      if (!boxes.length || !scale) return;          // not laid out yet: at the next change
      const x0 = Math.min(...boxes.map((b) => b.x));
      const y0 = Math.min(...boxes.map((b) => b.y));
      const x1 = Math.max(...boxes.map((b) => b.x + b.width));
      const y1 = Math.max(...boxes.map((b) => b.y + b.height));
      const least = TARGET / scale;
      const w = Math.max(x1 - x0, least);
      const h = Math.max(y1 - y0, least);
      let x = (x0 + x1 - w) / 2;
      let y = (y0 + y1 - h) / 2;
      // inside the drawing (in the vertex's own coordinates, the drawing's view moved by
      // its group's transform): never past the screen's edge
      const inverse = matrix.inverse();
      const svgMatrix = svg.getScreenCTM();
      if (view && view.width && svgMatrix) {
        const corner = (px, py) => new DOMPoint(px, py).matrixTransform(svgMatrix)
          .matrixTransform(inverse);
        const a = corner(view.x, view.y);
        const b = corner(view.x + view.width, view.y + view.height);
        x = Math.max(Math.min(a.x, b.x), Math.min(x, Math.max(a.x, b.x) - w));
        y = Math.max(Math.min(a.y, b.y), Math.min(y, Math.max(a.y, b.y) - h));
      }
      if (!hit) {
        hit = document.createElementNS(SVGNS, "rect");
        hit.setAttribute("class", "arena-hit");
        hit.setAttribute("aria-hidden", "true");
        g.prepend(hit);
      }
      hit.setAttribute("x", x);
      hit.setAttribute("y", y);
      hit.setAttribute("width", w);
      hit.setAttribute("height", h);
    });
    if (typeof ResizeObserver !== "undefined") new ResizeObserver(measure).observe(svg);
    const fold = svg.closest("details");
    if (fold) fold.addEventListener("toggle", measure);
    measure();
  }

  // ---- attractor stepper ---------------------------------------------------------------
  async function stepper(box) {
    const figure = box.dataset.figure;
    const prefix = `${figure}--`;
    const player = Number(box.dataset.player || 0);
    const [svg, data] = await Promise.all([svgOf(box, "svg", prefix), jsonOf(box)]);
    const layers = data.layers[player];
    if (!Array.isArray(layers) || layers.some((layer) => layer.some((name) =>
      !(name in data.vertices) || !vertexNode(svg, prefix, data, name)))) {
      throw new Error(`${figure}: the data does not match the figure`);
    }
    const stage = el("div", { class: "arena-live" });
    stage.append(svg);
    zoomable(stage, svg);
    const live = el("p", { class: "arena-status", "aria-live": "polite" });
    const tabs = box.nextElementSibling;
    if (!layers.length) {          // no victory position: nothing to step through
      live.textContent = t().empty(player);
      box.replaceChildren(stage, live);
      if (tabs && tabs.classList.contains("tabbed-set")) tabs.style.display = "none";
      box.classList.add("ready");
      return;
    }
    const last = layers.length - 1;
    const label = el("span", { class: "arena-step-label" });
    const slider = el("input", { type: "range", min: "0", max: String(last), value: "0",
      "aria-label": t().slider });
    const button = (text, symbol, go) => el("button", { type: "button", class: "md-button",
      "aria-label": text, title: text, onclick: go }, symbol);
    let step = 0;
    const controls = el("div", { class: "arena-controls", role: "group", "aria-label": t().slider },
      button(t().first, "«", () => show(0)), button(t().prev, "‹", () => show(step - 1)),
      slider, button(t().next, "›", () => show(step + 1)), button(t().last, "»", () => show(last)),
      label);
    box.replaceChildren(stage, controls, live);
    // rank labels beside each vertex of the attractor (measured once the SVG is laid out):
    // every shape measured first, then every label added, so that the page is laid out
    // once, not again after each label (a long task on a phone's CPU)
    const boxes = layers.map((layer) => layer.map((name) =>
      vertexNode(svg, prefix, data, name).querySelector("ellipse, polygon").getBBox()));
    layers.forEach((layer, n) => layer.forEach((name, k) => {
      const g = vertexNode(svg, prefix, data, name);
      const box = boxes[n][k];
      const label = document.createElementNS(SVGNS, "text");
      label.setAttribute("x", box.x - 3);
      label.setAttribute("y", box.y + 2);
      label.setAttribute("text-anchor", "end");
      label.setAttribute("class", `arena-rank player-${player}`);
      label.textContent = String(n);
      g.append(label);
    }));
    // a rank written left of a vertex at the drawing's edge would be cut: the view grows
    // to hold every rank (measured with them all shown; show() then sets the classes)
    const view = svg.viewBox && svg.viewBox.baseVal;
    layers.flat().forEach((name) => vertexNode(svg, prefix, data, name).classList.add("in"));
    const all = svg.getBBox();
    if (view && view.width && all.width) {
      const x = Math.min(view.x, all.x - 2);
      const y = Math.min(view.y, all.y - 2);
      svg.setAttribute("viewBox", [x, y, Math.max(view.x + view.width, all.x + all.width) - x,
        Math.max(view.y + view.height, all.y + all.height) - y].join(" "));
    }
    function show(n) {
      step = Math.max(0, Math.min(last, n));
      slider.value = String(step);
      label.textContent = t().step(step, last);
      svg.querySelectorAll(".vertex").forEach((g) => g.classList.remove("in", "new",
        `in-${player}`));
      layers.slice(0, step + 1).forEach((layer, k) => layer.forEach((name) => {
        const g = vertexNode(svg, prefix, data, name);
        g.classList.add("in", `in-${player}`);
        if (k === step) g.classList.add("new");
      }));
      live.textContent = t().added(step, layers[step].map((name) => labelOf(data, name)));
    }
    slider.addEventListener("input", () => show(Number(slider.value)));
    if (tabs && tabs.classList.contains("tabbed-set")) tabs.style.display = "none";   // fallback
    box.classList.add("ready");
    show(0);
  }

  // ---- stepping through an algorithm (counters, alpha-beta, A*) -------------------------
  // Each step (computed by the site build) gives a sentence, a few lines of state, a mark
  // per node (current, queued, done, touched, path, pruned: a class, drawn with a border
  // style as well as a colour) and a label per node (a counter, a rank, bounds, g + h).
  const MARKS = ["current", "queued", "done", "touched", "path", "pruned"];
  async function trace(box) {
    const figure = box.dataset.figure;
    const prefix = `${figure}--`;
    const [svg, data] = await Promise.all([svgOf(box, "svg", prefix), jsonOf(box)]);
    const lang = document.documentElement.lang === "fr" ? "fr" : "en";
    const nodes = data.nodes || {};
    const node = (name) => svg.querySelector(`[id="${prefix}${nodes[name]}"]`);
    const steps = data.steps;
    if (!Array.isArray(steps) || !steps.length || Object.keys(nodes).some((n) => !node(n))
      || steps.some((s) => !s.text || typeof s.text[lang] !== "string")) {
      throw new Error(`${figure}: the data does not match the figure`);
    }
    const last = steps.length - 1;
    const stage = el("div", { class: "arena-live arena-trace-stage" });
    stage.append(svg);
    zoomable(stage, svg);
    const live = el("p", { class: "arena-status", "aria-live": "polite" });
    const state = el("ul", { class: "arena-trace-state" });
    const label = el("span", { class: "arena-step-label" });
    const slider = el("input", { type: "range", min: "0", max: String(last), value: "0",
      "aria-label": t().traceSlider });
    const button = (text, symbol, go) => el("button", { type: "button", class: "md-button",
      "aria-label": text, title: text, onclick: go }, symbol);
    let step = 0;
    const controls = el("div", { class: "arena-controls", role: "group",
      "aria-label": t().traceSlider },
    button(t().first, "«", () => show(0)), button(t().prev, "‹", () => show(step - 1)),
    slider, button(t().next, "›", () => show(step + 1)), button(t().last, "»", () => show(last)),
    label);
    box.replaceChildren(stage, controls, live, state);
    // one label per node, placed above it once the SVG is laid out (a widget in a folded
    // block has no layout yet: placed when it is unfolded)
    const labels = {};
    Object.keys(nodes).forEach((name) => {
      const text = document.createElementNS(SVGNS, "text");
      text.setAttribute("text-anchor", "middle");
      text.setAttribute("class", "arena-trace-label");
      node(name).append(text);
      labels[name] = text;
    });
    // (every node measured before any label is placed: the page laid out once)
    function place() {
      const at = Object.keys(nodes).filter((name) => !labels[name].hasAttribute("y"))
        .map((name) => {
          const text = labels[name];
          const shapes = [...node(name).children].filter((c) => c !== text
            && c.localName !== "title");
          return [text, shapes.map((c) => c.getBBox()).filter((b) => b.width > 0)];
        });
      at.forEach(([text, boxes]) => {
        if (!boxes.length) return;
        const top = Math.min(...boxes.map((b) => b.y));
        const left = Math.min(...boxes.map((b) => b.x));
        const right = Math.max(...boxes.map((b) => b.x + b.width));
        text.setAttribute("x", (left + right) / 2);
        text.setAttribute("y", top - 3);
      });
    }
    const fold = box.closest("details");
    if (fold) fold.addEventListener("toggle", () => show(step));
    function show(n) {
      place();
      step = Math.max(0, Math.min(last, n));
      const s = steps[step];
      slider.value = String(step);
      label.textContent = t().step(step, last);
      const marks = s.marks || {};
      const texts = (s.labels && s.labels[lang]) || {};
      Object.keys(nodes).forEach((name) => {
        const g = node(name);
        MARKS.forEach((m) => g.classList.remove(`trace-${m}`));
        if (MARKS.includes(marks[name])) g.classList.add(`trace-${marks[name]}`);
        labels[name].textContent = texts[name] || "";
      });
      live.textContent = s.text[lang];
      state.replaceChildren(...((s.state && s.state[lang]) || []).map((line) => el("li", {}, line)));
    }
    slider.addEventListener("input", () => show(Number(slider.value)));
    box.classList.add("ready");
    show(0);
  }

  // A game's rules fit its arena and its board drawing: every cell is in the drawing,
  // every position places pieces on cells, every move names a piece and its two cells,
  // and every text is there in `lang`.
  function rulesFit(rules, V, cells, lang) {
    const pieces = rules.pieces || {};
    const cellNames = new Set(cells.map(([c]) => c));
    const isText = (texts) => texts !== null && typeof texts === "object"
      && typeof texts[lang] === "string";
    return cells.every(([, g]) => g !== null)
      && Array.isArray(rules.players) && rules.players.length === 2 && rules.players.every(isText)
      && Object.values(pieces).every((p) => (p.player === 0 || p.player === 1) && isText(p.move))
      && (!rules.limit || (Number.isInteger(rules.limit.moves) && isText(rules.limit.text)))
      && (!rules.pick || isText(rules.pick))
      && Object.keys(V).every((v) => rules.positions && rules.moves && rules.positions[v]
        && rules.moves[v]
        && Object.entries(rules.positions[v]).every(([c, p]) => p in pieces
          && (!cells.length || cellNames.has(c)))
        && Object.keys(V[v].successors).every((s) => {
          const m = rules.moves[v][s];
          return m && m.piece in pieces && typeof m.from === "string" && typeof m.to === "string";
        }));
  }

  // ---- playing against the strategy -----------------------------------------------------
  // A game played with pieces on a board has its rules in its data (data.board: the
  // players' names, the piece on each cell in each position, each move's piece and
  // cells and label, a move limit); this script knows no game.
  async function game(box) {
    const figure = box.dataset.figure;
    const prefix = `${figure}--`;
    const boardPrefix = `${figure}-board--`;
    const [svg, data, board] = await Promise.all([
      svgOf(box, "svg", prefix), jsonOf(box),
      box.dataset.board ? svgOf(box, "board", boardPrefix) : null]);
    const V = data.vertices;
    const names = Object.keys(V);
    const playable = names.filter((n) => V[n].victory === null && Object.keys(V[n].successors).length);
    const lang = language();
    const rules = data.board || null;
    const cells = board && rules ? Object.entries(rules.cells || {}).map(([c, id]) =>
      [c, board.querySelector(`[id="${boardPrefix}${id}"]`)]) : [];
    if (!(data.start in V) || names.some((n) => !vertexNode(svg, prefix, data, n))
      || (board && !cells.length) || (rules && !rulesFit(rules, V, cells, lang))) {
      throw new Error(`${figure}: the data does not match the figure`);
    }
    const cellOf = new Map(cells.map(([c, g]) => [g, c]));
    const limit = rules && rules.limit ? rules.limit.moves : null;
    let side = V[data.start].winner === 1 ? 0 : 1;     // by default, the reader defends
    let start = data.start;
    let history = [start];
    let message = "";
    let selected = null;                                // a cell whose piece was picked
    const stage = el("div", { class: "arena-live" });
    stage.append(board || svg);
    const status = el("p", { class: "arena-status", "aria-live": "polite" });
    const choices = el("div", { class: "arena-choices", role: "group", "aria-label": t().moves });
    // the sides by the names the game's rules give them (a piece, a pair of pieces), J0 and J1
    // otherwise
    const who = (p) => (rules ? rules.players[p][lang] : t().player(p));
    const sideSelect = el("select", { "aria-label": t().side },
      ...[0, 1].map((p) => el("option", { value: String(p) }, who(p))));
    // the start menu lists positions by value (the data's order), not as text
    const canStart = new Set(playable);
    const order = Array.isArray(data.order) && data.order.length === names.length
      ? data.order.filter((n) => n in V) : names;
    const startSelect = el("select", { "aria-label": t().start },
      ...order.filter((n) => canStart.has(n)).map((n) => el("option", { value: n },
        labelOf(data, n))));
    const current = () => history[history.length - 1];
    // a play stops at a victory, a dead end, or after the game's move limit, if any
    const limitReached = () => limit !== null && history.length > limit;
    const over = (v) => V[v].victory !== null || !Object.keys(V[v].successors).length
      || (limitReached() && v === current());
    const readerToMove = () => !over(current()) && V[current()].owner === side;
    const moveText = (a, b) => {
      if (!rules) return labelOf(data, b);
      const m = rules.moves[a][b];
      return rules.pieces[m.piece].move[lang].replace(/\{(from|to)\}/g, (_, k) => m[k]);
    };

    // The one place where the position changes take effect (a move, Undo, Restart, a new
    // side or start): forget any half-made selection, let the computer answer for as long
    // as it is its turn, then redraw.
    function changed() {
      selected = null;
      message = "";
      for (let k = 0; k <= names.length && !over(current()) && !readerToMove(); k++) {
        history.push(V[current()].move);
        message = t().computer;
      }
      draw();
    }

    function draw() {
      const v = current();
      const mine = readerToMove();
      // the control the reader used keeps the focus, or its successor does (a move's
      // button is replaced by the next position's, a played vertex is no longer a move):
      // never the page's <body>
      const before = document.activeElement;
      const held = box.contains(before) ? before : null;
      svg.querySelectorAll(".vertex").forEach((g) => {
        g.classList.remove("current", "choice", "visited");
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
        g.removeAttribute("aria-label");
      });
      svg.querySelectorAll(".edge").forEach((g) => g.classList.remove("played"));
      history.forEach((name, k) => {
        vertexNode(svg, prefix, data, name).classList.add("visited");
        if (k) svg.querySelector(`[id="${prefix}${V[history[k - 1]].successors[name]}"]`)
          ?.classList.add("played");
      });
      vertexNode(svg, prefix, data, v).classList.add("current");
      const here = rules ? rules.positions[v] : {};
      cells.forEach(([c, g]) => {          // the pieces on the board, by their player
        g.classList.remove("piece", "piece-0", "piece-1");
        if (c in here) g.classList.add("piece", `piece-${rules.pieces[here[c]].player}`);
        g.classList.toggle("selected", selected === c);
        g.setAttribute("tabindex", mine ? "0" : "-1");
      });
      const moves = mine ? Object.keys(V[v].successors) : [];
      moves.forEach((s) => {
        const g = vertexNode(svg, prefix, data, s);
        g.classList.add("choice");
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", t().moveTo(moveText(v, s)));
      });
      choices.replaceChildren(...moves.map((s) => el("button", { type: "button",
        class: "md-button arena-move", "data-move": s, onclick: () => play(s) },
        t().moveTo(moveText(v, s)))));
      const lines = [];
      if (message) lines.push(message);
      if (limitReached() && V[v].victory === null) lines.push(rules.limit.text[lang]);
      else if (over(v)) lines.push(V[v].victory === null ? t().draw : t().won(who(V[v].victory)));
      else if (mine) lines.push(t().yourTurn(who(side)));
      lines.push(limit !== null ? t().outOf(history.length - 1, limit)
        : t().count(history.length - 1));
      status.textContent = lines.join(" ");
      box.dataset.position = v;
      box.dataset.moves = String(history.length - 1);
      box.dataset.turn = over(v) ? "over" : (mine ? "reader" : "computer");
      if (held && (!held.isConnected || !held.matches(FOCUSABLE))) {
        const next = (held.matches(".arena-move") && choices.querySelector("button"))
          || (held.matches(".vertex") && svg.querySelector(".vertex.choice"))
          || box.querySelector(".arena-restart");
        if (next) next.focus();
      }
    }

    function play(s) {
      const v = current();
      if (!readerToMove() || !(s in V[v].successors)) return;
      history.push(s);
      changed();
    }

    function restart() {
      history = [start];
      changed();
    }

    function undo() {
      // back to the reader's previous decision (before the computer's answer to it)
      while (history.length > 1) {
        history.pop();
        if (readerToMove()) break;
      }
      changed();
    }

    function hint() {
      if (!readerToMove()) return;
      const v = current();
      const best = V[v].move;
      const verdict = t().position(V[v].winner === null ? null : who(V[v].winner), V[v].rank);
      message = `${verdict} ${V[v].winner === side ? t().hintMove(moveText(v, best))
        : (V[v].winner === null ? t().drawHint(moveText(v, best)) : t().noHint)}`;
      draw();
      box.dataset.hint = V[v].winner === side || V[v].winner === null ? best : "";
    }

    // a vertex of the state graph, clicked or activated from the keyboard
    function graphVertex(g) {
      const id = g.id.slice(prefix.length);
      const v = current();
      const target = Object.keys(V[v].successors).find((s) =>
        V[s].svg === id || V[v].successors[s] === id);
      if (target) play(target);
    }

    // On the board: a reader with one piece moves it by a click on its destination; with
    // several, by a click on one, then on its destination (or directly on the
    // destination when only one of them can go there).
    function boardVertex(g) {
      const v = current();
      if (!readerToMove()) return;
      const spot = cellOf.get(g);
      const here = rules.positions[v];
      const mine = Object.keys(here).filter((c) => rules.pieces[here[c]].player === side);
      const pick = rules.pick ? rules.pick[lang] : "";
      if (mine.length > 1 && mine.includes(spot)) {
        selected = spot;
        message = pick;
        draw();
        return;
      }
      const candidates = Object.keys(V[v].successors).filter((s) => {
        const m = rules.moves[v][s];
        return m.to === spot && (selected === null || m.from === selected);
      });
      if (candidates.length === 1) play(candidates[0]);
      else if (candidates.length) { selected = null; message = pick; draw(); }
    }

    const activate = (selector, act) => {
      const target = board && selector === ".board-vertex" ? board : svg;
      target.addEventListener("click", (event) => {
        const g = event.target.closest(selector);
        if (g) act(g);
      });
      target.addEventListener("keydown", (event) => {
        const g = event.target.closest(selector);
        if (g && (event.key === "Enter" || event.key === " ")) {
          event.preventDefault();
          act(g);
        }
      });
    };
    activate(".vertex, .edge", graphVertex);
    if (cells.length) {
      cells.forEach(([c, g]) => {
        g.classList.add("board-vertex");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", t().spot(c));
      });
      activate(".board-vertex", boardVertex);
    }
    sideSelect.addEventListener("change", () => { side = Number(sideSelect.value); restart(); });
    startSelect.addEventListener("change", () => { start = startSelect.value; restart(); });
    sideSelect.value = String(side);
    startSelect.value = start;
    const controls = el("div", { class: "arena-controls" },
      el("label", {}, `${t().side} `, sideSelect), el("label", {}, `${t().start} `, startSelect),
      el("button", { type: "button", class: "md-button arena-restart", onclick: restart }, t().restart),
      el("button", { type: "button", class: "md-button arena-undo", onclick: undo }, t().undo),
      el("button", { type: "button", class: "md-button arena-hint", onclick: hint }, t().hint));
    box.replaceChildren(controls, stage, choices, status);
    if (board) {
      // the state graph, folded below the board: styled and playable like the stage
      const graph = el("details", { class: "arena-states arena-live" }, el("summary", {}, t().states));
      graph.append(svg);
      box.append(graph);
      hitAreas(board, ".board-vertex");
    }
    hitAreas(svg, ".vertex");
    box.classList.add("ready");
    changed();
  }

  // A figure whose data cannot be read: say so, keep the text and the static figure.
  function broken(box, error) {
    box.replaceChildren(el("p", { class: "arena-error", role: "status" }, t().broken));
    box.classList.add("broken");
    const tabs = box.nextElementSibling;
    if (tabs && tabs.classList.contains("tabbed-set")) tabs.style.display = "";
    console.warn(`arena: ${box.dataset.figure}: ${error}`);
  }

  function init() {
    const start = (selector, widget) => document.querySelectorAll(selector).forEach((b) => {
      b.dataset.started = "";                  // once per widget, however often init runs
      widget(b).catch((e) => broken(b, e));
    });
    start(".arena-stepper:not([data-started])", stepper);
    start(".arena-game:not([data-started])", game);
    start(".arena-trace:not([data-started])", trace);
  }
  // other scripts that put widgets in a page (the game-design page) start them here
  window.arenaWidgets = { init, el };
  // Material announces each page (instant navigation included) on document$; opened from
  // a folder (file://) it may not, so the page's own load starts the widgets too.
  if (typeof document$ !== "undefined") document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
