// The slide pages' presenter (coursebuild.documents.slides.web writes the pages; loader.js loads
// this script on them alone): one slide at a time, scaled to fit the screen, moved by the
// keyboard, a clicker (PageUp, PageDown), the bar's buttons or a swipe; the address keeps
// the slide's number (#3), so that a reload stays on it. In an animated figure (a
// stepper, the game), the arrows, Space, Home and End are the figure's; Escape gives them
// back to the slides.
(function () {
  "use strict";
  const WIDTH = 1280;            // the width a slide is laid out at, then scaled
  const HEIGHT = 720;
  const WIDGETS = ".arena-stepper, .arena-trace, .arena-game, .tabbed-set, input, select, textarea";

  function start() {
    const deck = document.querySelector(".arena-deck");
    if (!deck || deck.dataset.presenting !== undefined) return;
    deck.dataset.presenting = "";
    const slides = [...deck.querySelectorAll(":scope > .arena-slide")];
    const count = document.querySelector(".arena-deck-count");
    const bar = document.querySelector(".arena-deck-bar");
    const fullButton = bar.querySelector('[data-go="full"]');
    let current = -1;

    slides.forEach((slide, k) => {
      slide.setAttribute("aria-label", count.dataset.words
        .replace("{n}", String(k + 1)).replace("{count}", String(slides.length)));
    });

    // a game whose board is taller than half its width is set beside its controls (the
    // board on the left, as high as the slide) rather than above them, which would
    // shrink the whole slide, its words with it, to fit the board under them
    function arrange(slide) {
      for (const game of slide.querySelectorAll(".arena-game")) {
        const board = game.querySelector(":scope > .arena-live > svg");
        const box = board && board.viewBox ? board.viewBox.baseVal : null;
        game.classList.toggle("arena-game-beside",
          Boolean(box && box.width > 0 && box.height > box.width / 2));
      }
    }

    function fit(slide) {
      arrange(slide);
      const inner = slide.querySelector(".arena-slide-inner");
      const room = bar.getBoundingClientRect().height;
      const w = Math.max(WIDTH, inner.scrollWidth);
      const h = Math.max(HEIGHT, inner.scrollHeight);
      const scale = Math.min(window.innerWidth / w, (window.innerHeight - room) / h);
      inner.style.transform = `scale(${scale})`;
      inner.style.left = `${Math.max(0, (window.innerWidth - w * scale) / 2)}px`;
      inner.style.top = `${Math.max(0, (window.innerHeight - room - h * scale) / 2)}px`;
      slide.dataset.scale = scale.toFixed(3);
    }

    function show(n, focus = true) {
      const next = Math.max(0, Math.min(slides.length - 1, n));
      if (next === current) return;
      current = next;
      slides.forEach((slide, k) => {
        const on = k === current;
        slide.classList.toggle("arena-current", on);
        slide.toggleAttribute("inert", !on);
        slide.setAttribute("aria-hidden", on ? "false" : "true");
      });
      fit(slides[current]);
      count.textContent = `${current + 1} / ${slides.length}`;
      const hash = `#${current + 1}`;
      if (location.hash !== hash) history.replaceState(null, "", hash);
      if (focus) slides[current].focus({ preventScroll: true });
    }

    function fromAddress() {
      const n = Number.parseInt(location.hash.slice(1), 10);
      return Number.isInteger(n) && n >= 1 && n <= slides.length ? n - 1 : 0;
    }

    function full() {
      if (document.fullscreenElement) {
        if (document.exitFullscreen) document.exitFullscreen().catch(() => {});
      } else if (document.documentElement.requestFullscreen) {
        document.documentElement.requestFullscreen().catch(() => {});
      }
    }
    document.addEventListener("fullscreenchange", () => {
      fullButton.setAttribute("aria-pressed", document.fullscreenElement ? "true" : "false");
    });

    bar.addEventListener("click", (event) => {
      const go = event.target.closest("[data-go]");
      if (!go) return;
      if (go.dataset.go === "next") show(current + 1, false);
      else if (go.dataset.go === "previous") show(current - 1, false);
      else full();
    });

    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : document.body;
      const inWidget = Boolean(target.closest(WIDGETS));
      const onControl = Boolean(target.closest("button, a, summary, label"));
      let go = null;
      switch (event.key) {
        case "PageDown": go = current + 1; break;          // a clicker's, always the slides'
        case "PageUp": go = current - 1; break;
        case "ArrowRight": case "ArrowDown": if (!inWidget) go = current + 1; break;
        case "ArrowLeft": case "ArrowUp": if (!inWidget) go = current - 1; break;
        case " ": if (!inWidget && !onControl) go = event.shiftKey ? current - 1 : current + 1; break;
        case "Home": if (!inWidget) go = 0; break;
        case "End": if (!inWidget) go = slides.length - 1; break;
        case "f": case "F":
          if (!inWidget) { event.preventDefault(); full(); }
          return;
        case "Escape":
          if (inWidget || target.closest(".arena-slide-inner")) {
            slides[current].focus({ preventScroll: true });   // the arrows are the slides' again
          }
          return;
        default: return;
      }
      if (go === null) return;
      event.preventDefault();
      show(go, !bar.contains(target));
    });

    let touch = null;
    deck.addEventListener("touchstart", (event) => {
      const t = event.changedTouches[0];
      touch = event.target.closest(WIDGETS) ? null : { x: t.clientX, y: t.clientY };
    }, { passive: true });
    deck.addEventListener("touchend", (event) => {
      if (!touch) return;
      const t = event.changedTouches[0];
      const dx = t.clientX - touch.x;
      const dy = t.clientY - touch.y;
      touch = null;
      if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) show(current + (dx < 0 ? 1 : -1));
    }, { passive: true });

    window.addEventListener("hashchange", () => show(fromAddress()));
    window.addEventListener("resize", () => fit(slides[current]));
    // a widget draws itself once its script ran (its size changes): fitted again
    if ("ResizeObserver" in window) {
      const observer = new ResizeObserver(() => fit(slides[current]));
      slides.forEach((slide) => observer.observe(slide.querySelector(".arena-slide-inner")));
    }
    document.documentElement.classList.add("arena-presenting");
    show(fromAddress(), false);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
