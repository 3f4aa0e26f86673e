// Tables wider than the page scroll inside a wrapper: keyboard users must be able to
// focus it to scroll it. Runs on each page, including after instant navigation.
const COURSE_WORDS = {
  fr: { table: "Tableau", code: "Code", open: "Agrandir la figure", close: "Fermer",
    zoomIn: "Zoom avant", zoomOut: "Zoom arrière", figure: "Figure en plein écran", here: "sur cette page",
    sep: "\u202f: " },
  en: { table: "Table", code: "Code", open: "Enlarge the figure", close: "Close",
    zoomIn: "Zoom in", zoomOut: "Zoom out", figure: "Figure, full screen", here: "on this page",
    sep: ": " },
};
const courseWords = () => COURSE_WORDS[document.documentElement.lang === "fr" ? "fr" : "en"];

// What is measured runs in slices of at most SLICE ms, the main thread given back between
// them (setTimeout), so that no task of a page's start is long on a phone's CPU: each
// table, code block and formula is measured on its own (off the screen, where the block
// is not laid out yet, course.css's content-visibility, it is laid out then, alone). A
// new page or a new width starts the measure again; window.arenaMeasured tells when done.
const SLICE = 30;
let courseMeasure = 0;
const yieldToPage = () => new Promise((go) => setTimeout(go, 0));

async function inSlices(jobs) {
  const run = ++courseMeasure;
  window.arenaMeasured = false;
  let since = performance.now();
  for (const job of jobs) {
    if (performance.now() - since > SLICE) {
      await yieldToPage();
      if (run !== courseMeasure) return;     // a newer page or width measures again
      since = performance.now();
    }
    job();
  }
  window.arenaMeasured = true;
}

function focusableScrollRegions() {
  const w = courseWords();
  const jobs = [];
  // each region its own name (axe: landmark-unique): the table's column headers, or its
  // number in the page
  const names = new Set();
  document.querySelectorAll(".md-typeset__scrollwrap").forEach((wrap, n) => jobs.push(() => {
    if (wrap.scrollWidth > wrap.clientWidth) {
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      const heads = [...wrap.querySelectorAll("thead th")].map((th) => th.textContent.trim())
        .filter(Boolean).slice(0, 3).join(", ");
      let name = heads ? `${w.table} (${heads})` : `${w.table} ${n + 1}`;
      if (names.has(name)) name = `${name}, ${n + 1}`;
      names.add(name);
      wrap.setAttribute("aria-label", name);
    }
  }));
  // Material makes a code block that scrolls sideways focusable on a screen that hovers
  // only: on a phone's too, so that it scrolls from a keyboard (axe:
  // scrollable-region-focusable); the copy button's <nav> is no landmark (one per block:
  // axe's landmark-unique)
  document.querySelectorAll(".md-typeset pre > code").forEach((code) => jobs.push(() => {
    if (code.scrollWidth > code.clientWidth + 1) code.tabIndex = 0;
  }));
  // a formula in a line of text wider than the text scrolls in its own box (course.css)
  // (measured again when the screen's width changes: a phone turned)
  document.querySelectorAll(".md-typeset span.arithmatex").forEach((span) => jobs.push(() => {
    const block = span.parentElement && span.parentElement.closest("p, li, td, th, dd, div");
    span.classList.remove("arena-wide");
    if (block && span.getBoundingClientRect().width > block.clientWidth) {
      span.classList.add("arena-wide");
      span.tabIndex = 0;
    } else if (span.tabIndex === 0) {
      span.removeAttribute("tabindex");
    }
  }));
  // likewise a displayed formula wider than a phone's screen, which scrolls in its box
  // (the formulas that fit are no Tab stops)
  document.querySelectorAll(".md-typeset div.arithmatex, .md-typeset .katex-display")
    .forEach((box) => jobs.push(() => {
      const wide = box.scrollWidth > box.clientWidth + 1
        && /(auto|scroll)/.test(getComputedStyle(box).overflowX);
      if (wide) box.tabIndex = 0;
      else if (box.tabIndex === 0) box.removeAttribute("tabindex");
    }));
  document.querySelectorAll(".md-code__nav").forEach((nav) => nav.setAttribute("role", "none"));
  // a formula wider than the screen scrolls in its own box (course.css): focusable while
  // it does, as code is, so that it scrolls from a keyboard; no other formula is a Tab stop
  // (after the spans above have been marked)
  jobs.push(() => document.querySelectorAll(".md-typeset div.arithmatex, "
    + ".arithmatex .katex-display, .arithmatex .arena-wide").forEach((m) => jobs.push(() => {
    if (m.scrollWidth > m.clientWidth + 1) m.tabIndex = 0;
  })));
  // a heading of the table of contents named as a section of the site's menu ("course",
  // a module of the API, and "Course"): its navigation says it is the page's
  const name = (nav) => (nav.getAttribute("aria-label") || (document.getElementById(
    nav.getAttribute("aria-labelledby")) || {}).textContent || "").trim().toLowerCase();
  const menu = new Set([...document.querySelectorAll("nav")]
    .filter((nav) => !nav.closest(".md-nav--secondary")).map(name).filter(Boolean));
  document.querySelectorAll(".md-nav--secondary nav[aria-label]").forEach((nav) => {
    if (menu.has(name(nav))) nav.setAttribute("aria-label", `${nav.getAttribute("aria-label")} (${w.here})`);
  });
  return inSlices(jobs);
}

// A figure's drawing opens alone, full screen (a tap, a click, Enter on its link): a
// dialog that zooms (its buttons, + and - from the keyboard, or the fingers) and closes
// with its button or Escape, giving the focus back to the figure. Without JavaScript
// the link opens the drawing in the browser, zoomable too. A stepper's drawing
// (arena.js marks it .arena-zoomable, a button) opens the same way, as it stands at
// its present step.
function openFull(opener, drawing, label, natural) {
  const w = courseWords();
  const dialog = document.createElement("dialog");
  dialog.className = "arena-lightbox";
  dialog.setAttribute("aria-label", `${w.figure}${w.sep}${label}`);
  const button = (text, name) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", name);
    b.title = name;
    return b;
  };
  const out = button("−", w.zoomOut);
  const into = button("+", w.zoomIn);
  const close = button("×", w.close);
  const bar = document.createElement("div");
  bar.className = "arena-lightbox-bar";
  bar.append(out, into, close);
  const view = document.createElement("div");
  view.className = "arena-lightbox-view";
  view.tabIndex = 0;                // scrolls from the keyboard once zoomed
  view.setAttribute("role", "region");
  view.setAttribute("aria-label", label);
  view.append(drawing);
  dialog.append(bar, view);
  // the drawing as wide as the screen, then zoomed by steps of 1.5
  let zoom = 1;
  const fit = () => {
    const room = Math.max(200, window.innerWidth - 16);
    const height = Math.max(200, window.innerHeight - 76);
    return Math.min(room, height / (natural.height / natural.width));
  };
  const show = () => { drawing.style.width = `${Math.round(fit() * zoom)}px`; };
  const by = (factor) => { zoom = Math.min(8, Math.max(1, zoom * factor)); show(); };
  out.addEventListener("click", () => by(1 / 1.5));
  into.addEventListener("click", () => by(1.5));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "+" || event.key === "=") { event.preventDefault(); by(1.5); }
    if (event.key === "-") { event.preventDefault(); by(1 / 1.5); }
  });
  dialog.addEventListener("close", () => { dialog.remove(); opener.focus(); });
  document.body.append(dialog);
  show();
  dialog.showModal();                // Escape closes it (the browser's own)
  close.focus();
}

function openFigure(link) {
  const img = link.querySelector("img");
  const big = document.createElement("img");
  big.src = img.currentSrc || img.src;
  big.alt = img.alt;
  const width = img.naturalWidth || img.getBoundingClientRect().width || 600;
  openFull(link, big, img.alt, { width, height: img.naturalHeight || width });
}

// a stepper's drawing: a copy of its SVG as it is now (the step's classes, its ranks),
// one image named by the drawing's title; its size the drawing's own (its view box)
function openDrawing(stage) {
  const svg = stage.querySelector("svg");
  const copy = svg.cloneNode(true);
  copy.querySelectorAll("[id]").forEach((node) => node.removeAttribute("id"));
  copy.removeAttribute("aria-labelledby");
  const label = stage.dataset.title || stage.getAttribute("aria-label") || "";
  copy.setAttribute("role", "img");
  copy.setAttribute("aria-label", label);
  copy.style.height = "auto";
  copy.style.maxWidth = "none";
  const view = svg.viewBox && svg.viewBox.baseVal;
  const box = svg.getBoundingClientRect();
  const natural = view && view.width ? { width: view.width, height: view.height }
    : { width: box.width || 600, height: box.height || 400 };
  openFull(stage, copy, label, natural);
}

const fullScreen = () => typeof HTMLDialogElement !== "undefined";
document.addEventListener("click", (event) => {
  if (!event.target.closest || !fullScreen()) return;
  const stage = event.target.closest(".arena-zoomable");
  if (stage && stage.querySelector("svg")) {
    openDrawing(stage);
    return;
  }
  const link = event.target.closest(".arena-figure a.arena-zoom");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || !link.querySelector("img")) return;
  event.preventDefault();
  openFigure(link);
});
// Enter or Space on a stepper's drawing (a button): as a tap
document.addEventListener("keydown", (event) => {
  if ((event.key !== "Enter" && event.key !== " ") || !fullScreen()) return;
  const stage = event.target.closest && event.target.closest(".arena-zoomable");
  if (stage !== event.target || !stage.querySelector("svg")) return;
  event.preventDefault();
  openDrawing(stage);
});

let courseResized = 0;
window.addEventListener("resize", () => {
  cancelAnimationFrame(courseResized);
  courseResized = requestAnimationFrame(focusableScrollRegions);
});
if (typeof document$ !== "undefined") {
  document$.subscribe(focusableScrollRegions);
} else {
  document.addEventListener("DOMContentLoaded", focusableScrollRegions);
}
