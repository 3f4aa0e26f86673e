// The practice page (a `<!-- practice -->` marker): the reader picks a problem of the
// bank (by chapter), gets a variant for a new seed or one typed in, answers its questions
// in fields and has them checked, and can reveal the worked solution. The variant, its
// figures and the checking come from Python in a worker (practice-worker.js, running
// coursebuild.course.practice); the figures are laid out by Graphviz in WebAssembly there and
// sanitised here (sanitize.js). The problem and seed are kept in the address
// (#problem=ID&seed=N), so that a variant can be shared with a teacher.
(function () {
  "use strict";
  const WORDS = {
    fr: {
      chapter: "Chapitre", all: "Tous les chapitres", problem: "Problème", seed: "Graine",
      fresh: "Nouvelle variante", show: "Afficher cette graine", check: "Vérifier",
      solution: "Voir le corrigé", question: (k) => `Question ${k}`,
      idle: "Choisissez un problème, puis «\u00a0Nouvelle variante\u00a0» ou " +
        "«\u00a0Afficher cette graine\u00a0» : Python (11 Mo la première fois) se charge alors.",
      loading: "Chargement de Python (1/2 : l'interpréteur, 11 Mo la première fois)…",
      starting: "Chargement de Python (2/2 : les modules du cours)…",
      making: "Préparation de la variante…", checking: "Vérification…",
      ready: (t, s) => `${t}, graine ${s}.`, failed: (m) => `Python n'a pas pu démarrer : ${m}`,
      error: (m) => `La variante n'a pas pu être faite : ${m}`,
      unchecked: (m) => `Les réponses n'ont pas pu être vérifiées : ${m}`,
      badSeed: "La graine est un entier positif ou nul.",
      unknown: (p) => "L'adresse ne nomme aucun problème de la banque" +
        (p ? ` («\u00a0${p}\u00a0»)` : "") + " : voici une variante du premier de la liste.",
      addressSeed: (s) => `La graine de l'adresse («\u00a0${s}\u00a0») n'est pas un entier ` +
        "positif ou nul de neuf chiffres au plus : voici une variante d'une graine tirée au hasard.",
      score: (n, m) => `${n} réponse${n > 1 ? "s" : ""} juste${n > 1 ? "s" : ""} sur ${m}.`,
      folder: "Ouverte depuis un dossier, la page ne peut pas exécuter Python (le navigateur " +
        "l'interdit) : dans le dossier arena-site, lancez python3 serve.py (ou double-cliquez " +
        "serve.command sous macOS, serve.bat sous Windows), puis ouvrez la page à l'adresse " +
        "qu'il affiche.",
    },
    en: {
      chapter: "Chapter", all: "All chapters", problem: "Problem", seed: "Seed",
      fresh: "New variant", show: "Show this seed", check: "Check",
      solution: "Show the worked solution", question: (k) => `Question ${k}`,
      idle: "Pick a problem, then New variant or Show this seed: Python (11 MB the first " +
        "time) loads then.",
      loading: "Loading Python (1/2: the interpreter, 11 MB the first time)…",
      starting: "Loading Python (2/2: the course's modules)…",
      making: "Making the variant…", checking: "Checking…",
      ready: (t, s) => `${t}, seed ${s}.`, failed: (m) => `Python could not start: ${m}`,
      error: (m) => `The variant could not be made: ${m}`,
      unchecked: (m) => `The answers could not be checked: ${m}`,
      badSeed: "The seed is a whole number, zero or more.",
      unknown: (p) => "The address names no problem of the bank" +
        (p ? ` ("${p}")` : "") + ": here is a variant of the first one listed.",
      addressSeed: (s) => `The seed in the address ("${s}") is not a whole number, zero or ` +
        "more, of at most nine digits: here is a variant of a seed drawn at random.",
      score: (n, m) => `${n} right answer${n === 1 ? "" : "s"} out of ${m}.`,
      folder: "Opened from a folder, the page cannot run Python (the browser forbids it): " +
        "in the arena-site folder, run python3 serve.py (or double-click serve.command on " +
        "macOS, serve.bat on Windows), then open the page at the address it prints.",
    },
  };
  if (WORDS.fr) {       // French typography: a narrow no-break space before : ; ? !
    for (const [k, v] of Object.entries(WORDS.fr)) {
      const fix = (s) => s.replace(/ ([:;?!])/g, "\u202f$1");
      WORDS.fr[k] = typeof v === "function" ? (...a) => fix(v(...a)) : fix(v);
    }
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    node.append(...children);
    return node;
  }
  // A variant's formulas are made here, by Python: KaTeX typesets them (the build typesets
  // the pages' own, coursebuild.sources.maths, with the same options), fetched with the first variant.
  let katexLoaded = null;
  const loadKatex = (url) => katexLoaded || (katexLoaded = new Promise((resolve, reject) => {
    if (window.katex) return resolve(window.katex);
    const script = el("script", { src: url });
    script.onload = () => resolve(window.katex);
    script.onerror = () => { katexLoaded = null; reject(new Error(url)); };
    document.head.append(script);
  }));
  const typeset = (node, url) => loadKatex(url).then((katex) => {
    node.querySelectorAll(".arithmatex").forEach((m) => {
      const text = m.textContent.trim();
      const display = text.startsWith("\\[");
      katex.render(text.slice(2, -2), m, { displayMode: display, output: "htmlAndMathml",
        throwOnError: false, strict: "ignore" });
    });
  }).catch(() => {});    // left as TeX when KaTeX cannot be fetched

  let counter = 0;
  function setup(block) {
    const lang = block.dataset.lang === "fr" ? "fr" : "en";
    const w = WORDS[lang];
    const problems = JSON.parse(block.dataset.problems);
    const n = ++counter;
    const status = el("p", { class: "arena-status", role: "status", "aria-live": "polite" });
    block.replaceChildren();
    if (location.protocol === "file:") {
      block.append(el("p", { class: "arena-error arena-launcher-note" }, w.folder));
      return;
    }
    const chapterSelect = el("select", { id: `practice-chapter-${n}` },
      el("option", { value: "" }, w.all));
    const chapters = [];
    for (const p of problems) {
      if (!chapters.includes(p.chapter)) {
        chapters.push(p.chapter);
        chapterSelect.append(el("option", { value: p.chapter }, p.chapterTitle));
      }
    }
    const problemSelect = el("select", { id: `practice-problem-${n}` });
    const seedInput = el("input", { id: `practice-seed-${n}`, type: "number", min: "0",
      step: "1", inputmode: "numeric", size: "8" });
    const freshButton = el("button", { type: "button", class: "md-button" }, w.fresh);
    const showButton = el("button", { type: "button", class: "md-button" }, w.show);
    const controls = el("div", { class: "arena-practice-controls" },
      el("label", { for: chapterSelect.id }, w.chapter), chapterSelect,
      el("label", { for: problemSelect.id }, w.problem), problemSelect,
      el("label", { for: seedInput.id }, w.seed), seedInput, showButton, freshButton);
    const variantBox = el("div", { class: "arena-practice-variant" });
    block.append(controls, status, variantBox);

    function listProblems() {
      const keep = problemSelect.value;
      problemSelect.replaceChildren(...problems
        .filter((p) => !chapterSelect.value || p.chapter === chapterSelect.value)
        .map((p) => el("option", { value: p.id }, p.title)));
      if ([...problemSelect.options].some((o) => o.value === keep)) problemSelect.value = keep;
    }
    chapterSelect.addEventListener("change", listProblems);
    listProblems();

    // Python (11 MB the first time) starts at the reader's first New variant or Show, not
    // with the page: a reader who only looks at the list fetches none of it
    let worker = null;
    let booted = null;
    // the reader may leave the page by a link (instant navigation) before Python answers:
    // what comes back then is for a page no longer shown, whose address is not this one
    const gone = () => !block.isConnected;
    let asked = 0;
    const waiting = new Map();
    const ask = (message) => new Promise((resolve) => {
      const id = ++asked;
      waiting.set(id, resolve);
      worker.postMessage({ ...message, id });
    });
    function boot() {
      if (booted) return booted;
      worker = new Worker(new URL(block.dataset.worker, location.href).href);
      running.push({ block, worker });
      let ready;
      booted = new Promise((resolve) => { ready = resolve; });
      worker.onmessage = (e) => {
        const d = e.data || {};
        if (d.type === "ready") ready(true);
        else if (d.type === "loaded") status.textContent = w.starting;
        else if (d.type === "failed") { status.textContent = w.failed(d.message); ready(false); }
        else if (waiting.has(d.id)) { waiting.get(d.id)(d); waiting.delete(d.id); }
      };
      status.textContent = w.loading;
      worker.postMessage({ kind: "boot", base: new URL(block.dataset.pyodide, location.href).href,
        viz: new URL(block.dataset.viz, location.href).href });
      return booted;
    }

    let current = null;
    async function show(problem, seed) {
      // the button pressed keeps the focus: disabled while the variant is made, it
      // would give it to the page's <body>; it gets it back
      const held = [freshButton, showButton].find((b) => b === document.activeElement);
      [freshButton, showButton].forEach((b) => { b.disabled = true; });
      if (!(await boot()) || gone()) return;
      status.textContent = w.making;
      const d = await ask({ kind: "variant", problem, seed, lang });
      if (gone()) return;
      [freshButton, showButton].forEach((b) => { b.disabled = false; });
      if (held && (document.activeElement === document.body || !document.activeElement)) {
        held.focus();
      }
      if (d.error) { status.textContent = w.error(d.error); return; }
      current = { problem, seed };
      history.replaceState(null, "", `#problem=${encodeURIComponent(problem)}&seed=${seed}`);
      render(d.view, d.svgs);
      status.textContent = w.ready(d.view.title, seed);
    }

    function figures(root, view, svgs) {
      root.querySelectorAll(".arena-practice-figure").forEach((slot) => {
        const name = slot.dataset.figure;
        const f = view.figures[name];
        const svg = f && window.arenaSanitizeSVG(svgs[name]);
        if (!svg) return;
        svg.setAttribute("role", "img");
        svg.setAttribute("aria-label", f.desc);
        svg.removeAttribute("width");
        svg.removeAttribute("height");
        slot.replaceChildren(el("figure", {}, svg, el("figcaption", {}, f.caption)));
      });
    }

    function render(view, svgs) {
      const statement = el("div", { class: "arena-practice-statement" });
      statement.innerHTML = view.statement;          // the bank's text, made by practice.html_of
      figures(statement, view, svgs);
      const form = el("form", { class: "arena-practice-form", novalidate: "" });
      const results = {};
      const questions = [...new Set(view.fields.map((f) => f.question))];
      for (const q of questions) {
        const set = el("fieldset", {}, el("legend", {}, w.question(q)));
        for (const f of view.fields.filter((x) => x.question === q)) {
          const id = `practice-${n}-${f.id.replace(/[^\w-]/g, "_")}`;
          const result = el("span", { class: "arena-practice-result", id: `${id}-result`,
            "aria-live": "polite" });
          results[f.id] = result;
          const row = el("div", { class: "arena-practice-field", "data-field": f.id });
          if (f.choices.length) {
            const group = el("div", { role: "radiogroup", "aria-describedby": result.id });
            const label = el("span", { id: `${id}-label` });
            label.innerHTML = f.label;
            group.setAttribute("aria-labelledby", label.id);
            f.choices.forEach((c, k) => {
              const input = el("input", { type: "radio", name: id, id: `${id}-${k}`, value: c });
              group.append(el("label", { for: input.id }, input, " ", c));
            });
            row.append(label, group, result);
          } else {
            const label = el("label", { for: id });
            label.innerHTML = f.label;
            // a count is typed on a phone's digits keyboard
            const input = el("input", { type: "text", id, name: f.id, autocomplete: "off",
              spellcheck: "false", "aria-describedby": result.id,
              ...(f.kind === "number" ? { inputmode: "numeric", pattern: "[0-9]*" } : {}) });
            row.append(label, input, result);
          }
          set.append(row);
        }
        form.append(set);
      }
      const score = el("p", { class: "arena-practice-score", "aria-live": "polite" });
      // Check stays on screen while an answer is typed: the bar sticks to the screen's
      // bottom (course.css), raised above the on-screen keyboard where the browser lays it
      // over the page (the visual viewport shrinks, the layout one does not)
      const bar = el("div", { class: "arena-practice-check-bar" },
        el("button", { type: "submit", class: "md-button md-button--primary" }, w.check));
      form.append(bar, score);
      const raise = () => {
        const vv = window.visualViewport;
        const typing = form.contains(document.activeElement)
          && document.activeElement.matches("input");
        const hidden = vv && typing ? Math.max(0, window.innerHeight - vv.height - vv.offsetTop) : 0;
        bar.style.bottom = `${Math.round(hidden)}px`;
      };
      if (window.visualViewport) window.visualViewport.addEventListener("resize", raise);
      form.addEventListener("focusin", raise);
      form.addEventListener("focusout", () => setTimeout(raise, 0));
      form.addEventListener("submit", async (e) => {
        e.preventDefault();
        const answers = {};
        for (const f of view.fields) {
          const row = form.querySelector(`[data-field="${CSS.escape(f.id)}"]`);
          const text = row.querySelector("input[type=text]");
          const picked = row.querySelector("input[type=radio]:checked");
          answers[f.id] = text ? text.value : picked ? picked.value : "";
        }
        score.textContent = w.checking;
        const d = await ask({ kind: "check", problem: view.problem, seed: view.seed, lang,
          answers });
        if (d.error) { score.textContent = w.unchecked(d.error); return; }
        let right = 0;
        for (const [id, r] of Object.entries(d.results)) {
          const box = results[id];
          // a mark and words say it, not the colour alone; an empty field is not wrong
          const state = r.ok ? "right" : r.empty ? "empty" : "wrong";
          box.className = `arena-practice-result ${state}`;
          box.textContent = `${{ right: "✓", wrong: "✗", empty: "–" }[state]} ${r.message}`;
          box.parentNode.querySelectorAll("input").forEach((i) => {
            if (state === "empty") i.removeAttribute("aria-invalid");
            else i.setAttribute("aria-invalid", String(!r.ok));
          });
          right += r.ok ? 1 : 0;
        }
        score.textContent = w.score(right, view.fields.length);
        form.dataset.checked = String(Number(form.dataset.checked || 0) + 1);
      });
      const solution = el("div", { class: "arena-practice-solution" });
      solution.innerHTML = view.solution;
      figures(solution, view, svgs);
      const details = el("details", { class: "arena-practice-details" },
        el("summary", {}, w.solution), solution);
      variantBox.replaceChildren(el("h2", {}, `${view.title} (${w.seed.toLowerCase()} ${view.seed})`),
        statement, form, details);
      typeset(variantBox, new URL(block.dataset.katex, location.href).href);
    }

    const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0] % 1000000;
    freshButton.addEventListener("click", () => {
      seedInput.value = String(randomSeed());
      show(problemSelect.value, Number(seedInput.value));
    });
    showButton.addEventListener("click", () => {
      const seed = seedInput.value.trim();
      if (!/^\d{1,9}$/.test(seed)) { status.textContent = w.badSeed; return; }
      show(problemSelect.value, Number(seed));
    });
    // the address a reader was given (#problem=ID&seed=N) may be cut, edited or forged:
    // what it asks for and cannot be had is said in one sentence, shown as text, cut
    const wanted = new URLSearchParams(location.hash.slice(1));
    const known = problems.some((p) => p.id === wanted.get("problem"));
    const goodSeed = /^\d{1,9}$/.test(wanted.get("seed") || "");
    if (known) problemSelect.value = wanted.get("problem");
    seedInput.value = known && goodSeed ? wanted.get("seed") : String(randomSeed());
    const cut = (s) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);
    const anchor = (() => {       // a link to a heading of the page is not an address
      try { return document.getElementById(decodeURIComponent(location.hash.slice(1))); }
      catch (e) { return null; }
    })();
    const given = wanted.has("problem") || wanted.has("seed")
      || (location.hash.length > 1 && !anchor);
    const said = !given ? "" : !known ? w.unknown(cut(wanted.get("problem") || ""))
      : wanted.has("seed") && !goodSeed ? w.addressSeed(cut(wanted.get("seed"))) : "";
    if (said) {
      const note = el("p", { class: "arena-error arena-practice-address", role: "alert" }, said);
      status.before(note);
      [freshButton, showButton].forEach((b) => b.addEventListener("click", () => note.remove()));
    }
    // an address that names a variant (one a teacher shared) is the reader's ask for it
    if (given) show(problemSelect.value, Number(seedInput.value));
    else status.textContent = w.idle;
  }

  // the workers of the blocks set up so far: a block the reader left (instant navigation
  // replaced the page) has its Python stopped, which would otherwise run on unseen
  const running = [];
  function init() {
    for (const r of running.splice(0)) {
      if (r.block.isConnected) running.push(r);
      else r.worker.terminate();
    }
    document.querySelectorAll(".arena-practice:not([data-started])").forEach((b) => {
      b.dataset.started = "";
      setup(b);
    });
  }
  if (typeof document$ !== "undefined") document$.subscribe(init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
