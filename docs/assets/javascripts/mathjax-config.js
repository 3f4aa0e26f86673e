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
};

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
    });
  });
}
