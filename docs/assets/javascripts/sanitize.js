// The one gate for every SVG that code run in the page produces (a notebook's figure, the
// game-design page's drawing) before it goes into the page: what is not on the lists below
// is dropped, so that a drawing can carry no script, no event handler, no link (to
// `javascript:` or elsewhere), no request to another place (`url(...)` other than to the
// drawing's own `#id`), no `<style>` (which would restyle the whole page) and no
// `<foreignObject>` (HTML inside). The course's own figures, written by the site build,
// do not pass through it.
//
//   arenaSanitizeSVG(text)       -> the cleaned <svg> element, ready to insert (or null)
//   arenaSanitizeSVG.text(text)  -> the same, as text (or null)
//
// null: the text is not an SVG document (it does not parse, or its root is not <svg>).
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  // what Graphviz writes (shapes, text, gradients, clips, tooltips), nothing else
  const TAGS = new Set(["svg", "g", "title", "desc", "defs", "a", "polygon", "polyline",
    "path", "ellipse", "circle", "rect", "line", "text", "tspan", "linearGradient",
    "radialGradient", "stop", "clipPath"]);
  const ATTRIBUTES = new Set(["id", "class", "width", "height", "viewBox",
    "preserveAspectRatio", "version", "transform", "x", "y", "x1", "y1", "x2", "y2", "cx",
    "cy", "r", "rx", "ry", "fx", "fy", "d", "points", "offset", "fill", "fill-opacity",
    "fill-rule", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity",
    "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "opacity", "clip-path",
    "clipPathUnits", "gradientUnits", "gradientTransform", "stop-color", "stop-opacity",
    "font-family", "font-size", "font-weight", "font-style", "text-anchor",
    "text-decoration", "dominant-baseline", "xlink:title", "role", "aria-label",
    "aria-labelledby", "aria-describedby", "aria-hidden"]);
  // the one style attribute Graphviz writes: a gradient stop's colour
  const STOP_STYLE = /^(\s*stop-(color|opacity)\s*:\s*[#\w.%(), ]*;?)*\s*$/;

  // attributes read as text, never as a CSS value or an address
  const TEXT = new Set(["id", "class", "xlink:title", "role", "aria-label", "aria-labelledby",
    "aria-describedby", "aria-hidden"]);

  function allowed(node, attr) {
    const name = attr.name;
    const value = attr.value;
    if (name === "style") return node.localName === "stop" && STOP_STYLE.test(value);
    if (!ATTRIBUTES.has(name)) return false;
    if (TEXT.has(name)) return true;
    // no CSS escape (it could spell url( or javascript: in pieces)
    if (/\\|javascript:|expression\(/i.test(value)) return false;
    // url(...) names a part of the drawing itself (#id) and nothing else
    const urls = value.match(/url\s*\(/gi) || [];
    const local = value.match(/url\(#[\w.-]+\)/g) || [];
    return urls.length === local.length;
  }

  function clean(svg) {
    for (const node of [...svg.querySelectorAll("*")]) {
      if (!svg.contains(node)) continue;                 // inside a node already removed
      if (node.namespaceURI !== SVG || !TAGS.has(node.localName) || node.localName === "svg") {
        node.remove();
        continue;
      }
      for (const attr of [...node.attributes]) {
        if (!allowed(node, attr)) node.removeAttributeNode(attr);
      }
    }
    // the root's class could give it the style of a part of the page: dropped there
    for (const attr of [...svg.attributes]) {
      if (attr.name === "class" || !allowed(svg, attr)) svg.removeAttributeNode(attr);
    }
    return svg;
  }

  function parse(text) {
    if (typeof text !== "string") return null;
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = doc.documentElement;
    if (!svg || svg.namespaceURI !== SVG || svg.localName !== "svg"
      || doc.getElementsByTagName("parsererror").length) return null;
    return clean(svg);
  }

  function sanitize(text) {
    const svg = parse(text);
    return svg && document.importNode(svg, true);
  }
  sanitize.text = (text) => {
    const svg = parse(text);
    return svg && new XMLSerializer().serializeToString(svg);
  };
  window.arenaSanitizeSVG = sanitize;
})();
