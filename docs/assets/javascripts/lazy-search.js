// The search index (half a megabyte) is fetched when the reader starts a search, not with
// every page: loaded in the page's head, before Material's script, this holds back the
// index's request (Material's XMLHttpRequest for search/search_index.json) until the
// search box gets the focus (a tap or a click on it, its keyboard shortcut) or the search
// opens. Opened from a folder (file://) Material itself waits for the search to open.
(function () {
  "use strict";
  if (location.protocol === "file:") return;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const held = [];
  let started = false;

  function start() {
    if (started) return;
    started = true;
    for (const go of held.splice(0)) go();
  }

  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.arenaSearchIndex = /\/search\/search_index\.json$/.test(String(url));
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (this.arenaSearchIndex && !started) {
      held.push(() => send.apply(this, args));
      return undefined;
    }
    return send.apply(this, args);
  };
  document.addEventListener("focusin", (e) => {
    if (e.target instanceof Element && e.target.matches("[data-md-component=search-query]")) start();
  });
  document.addEventListener("change", (e) => {
    if (e.target instanceof Element && e.target.id === "__search" && e.target.checked) start();
  });
})();
