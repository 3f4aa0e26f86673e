// MathJax, served by the site: formulas written by arithmatex (chapters) and the
// markdown cells of notebooks. After an instant navigation, typeset the new page; the
// first page is typeset by MathJax's own start-up (clearing its cache during that
// first typeset would lose the character styles).
window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"], ["$", "$"]],
    displayMath: [["\\[", "\\]"], ["$$", "$$"]],
    processEscapes: true,
    processEnvironments: true,
  },
  options: {
    // Skip the page's text, except arithmatex's spans and the notebooks' markdown cells
    // (whose paragraphs have no class, so ".*|" would skip them again).
    ignoreHtmlClass: "md-typeset",
    processHtmlClass: "arithmatex|jp-RenderedMarkdown",
  },
  startup: {
    pageReady: () => MathJax.startup.defaultPageReady().then(() => window.fitWideFormulas()),
  },
};

// A formula in a line of text that is wider than the text (on a phone's screen, say):
// MathJax 3 cannot break it, so it scrolls inside its own box (course.css, .arena-wide)
// and the page itself never scrolls sideways. Measured again when the window's width
// changes. (Set up once: a notebook page may load this file twice.)
if (!window.fitWideFormulas) {
  window.fitWideFormulas = () => {
    document.querySelectorAll('mjx-container[jax="CHTML"]:not([display="true"])').forEach((m) => {
      m.classList.remove("arena-wide");
      const block = m.parentElement && m.parentElement.closest("p, li, td, th, dd, figcaption, div");
      if (block && m.getBoundingClientRect().width > block.clientWidth) m.classList.add("arena-wide");
    });
  };
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(window.fitWideFormulas, 200);
  });
}

if (typeof document$ !== "undefined") {
  let first = true;
  document$.subscribe(() => {
    if (first) {
      first = false;
      return;
    }
    MathJax.startup.promise.then(() => {
      MathJax.startup.output.clearCache();
      MathJax.typesetClear();
      MathJax.texReset();
      return MathJax.typesetPromise();
    }).then(() => window.fitWideFormulas());
  });
}
