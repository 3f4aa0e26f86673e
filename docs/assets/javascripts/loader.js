// Each widget's script, loaded on the pages that have that widget, and only there: a page
// without a stepper, an exercise or a notebook to run fetches none of them. Material's
// instant navigation replaces a page's content without loading the new page's scripts,
// so this runs on each page it announces (document$), and loads what that page's widgets
// need and no page before asked for; each script then starts its widgets itself, on this
// page and the next ones (its own document$ subscription). Opened from a folder
// (file://), where document$ may not fire, the page's own load does it.
// Over http(s), it also registers the site's service worker (sw.js, written by
// coursebuild.commands.site): a page or a Python visited once is not fetched again.
(function () {
  "use strict";
  const here = document.currentScript.src;          // <site>/assets/javascripts/loader.js
  // the widgets' marks in a page, and their scripts, in the order they run
  const WIDGETS = [
    [".arena-stepper, .arena-game, .arena-trace", ["sanitize.js", "arena.js"]],
    [".arena-design", ["sanitize.js", "arena.js", "design.js"]],
    [".arena-exercise", ["exercises.js"]],
    [".arena-practice", ["sanitize.js", "practice.js"]],
    [".arena-notebook-run", ["sanitize.js", "notebook.js"]],
    [".arena-deck", ["presenter.js"]],          // a chapter's slides (slides/PAGE/)
  ];
  const loaded = new Set();

  function load(name) {
    if (loaded.has(name)) return;
    loaded.add(name);
    const script = document.createElement("script");
    script.src = new URL(name, here).href;
    script.async = false;          // run in the order added: arena.js before design.js
    document.body.append(script);
  }

  function widgets() {
    for (const [marks, scripts] of WIDGETS) {
      if (document.querySelector(marks)) scripts.forEach(load);
    }
  }

  // at once: the page's content comes before its scripts, so its widgets' scripts are
  // fetched while the page's own still run
  widgets();
  if (typeof document$ !== "undefined") document$.subscribe(widgets);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", widgets);

  // the files this page fetched, some before the service worker was there (a first
  // visit): it keeps them too (the page itself, its scripts, stylesheets, fonts, figures);
  // those it has are not fetched again
  function keep(registration) {
    if (!registration.active) return;
    const urls = [location.href.split("#")[0],
      ...performance.getEntriesByType("resource").map((e) => e.name)];
    // and the search's worker, which the page's list of resources does not hold
    // (Material starts it from the page's address)
    const config = document.getElementById("__config");
    try {
      const { search } = JSON.parse(config.textContent);
      if (search) urls.push(new URL(search, location.href).href);
    } catch {
      // no configuration (not a page of the site's theme): nothing more to keep
    }
    registration.active.postMessage({ keep: urls });
  }
  if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol)) {
    // once the page has all its files (the load event), so that the list holds them
    const complete = new Promise((done) => {
      if (document.readyState === "complete") done();
      else window.addEventListener("load", done, { once: true });
    });
    navigator.serviceWorker.register(new URL("../../sw.js", here).href)
      .then(() => Promise.all([navigator.serviceWorker.ready, complete]))
      .then(([registration]) => {
        keep(registration);
        // and what the page fetches after its load event, before this worker controls
        // it (a first visit: Material's sitemap.xml for instant navigation): the worker
        // skips what it already has
        if ("PerformanceObserver" in window) {
          new PerformanceObserver((list) => registration.active && registration.active
            .postMessage({ keep: list.getEntries().map((e) => e.name) }))
            .observe({ type: "resource" });
        }
      }).catch(() => {});
  }
})();
