// Tables wider than the page scroll inside a wrapper: keyboard users must be able to
// focus it to scroll it. Runs on each page, including after instant navigation.
function focusableScrollRegions() {
  document.querySelectorAll(".md-typeset__scrollwrap").forEach((wrap) => {
    if (wrap.scrollWidth > wrap.clientWidth) {
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", document.documentElement.lang === "fr" ? "Tableau" : "Table");
    }
  });
}
if (typeof document$ !== "undefined") {
  document$.subscribe(focusableScrollRegions);
} else {
  document.addEventListener("DOMContentLoaded", focusableScrollRegions);
}
