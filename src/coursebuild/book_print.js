// Assemble the printed book from the built site's pages (run by src/coursebuild/book.py inside
// Chromium, on the book's shell page). Each page's article is taken as it is; ids are made
// unique per chapter, links between pages of the book become links inside the document,
// other links point to the published site; widgets become their static figure, and the
// solutions move to the end of their chapter.
async function assembleBook(book) {
  const main = document.querySelector("#book-chapters");
  const pageOf = new Map(book.pages.map((p) => [new URL(p.url, location.href).pathname, p]));
  const origin = location.origin;

  function target(url) {
    // where a link to `url` goes in the book: #slug--anchor, or the published site
    const u = new URL(url, location.href);
    if (u.origin !== origin) return u.href;
    const page = pageOf.get(u.pathname);
    if (page) return "#" + page.slug + (u.hash ? "--" + decodeURIComponent(u.hash.slice(1)) : "");
    return published(u);
  }

  function published(u) {
    // a page of this language, or a file both languages share (at the French root);
    // null when the site's address is not configured (SITE_URL): no address is printed
    if (!book.siteUrl || !book.sharedUrl) return null;
    if (u.pathname.startsWith(book.root)) {
      return book.siteUrl + u.pathname.slice(book.root.length) + u.hash;
    }
    return book.sharedUrl + u.pathname.slice(1) + u.hash;
  }

  let svgCount = 0;
  const printed = new Set();   // the figures the book has printed so far (their address)
  for (const page of book.pages) {
    const response = await fetch(page.url);
    if (!response.ok) throw new Error(`${page.url}: HTTP ${response.status}`);
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const base = new URL(page.url, location.href);
    const article = doc.querySelector("article.md-content__inner");
    if (!article) throw new Error(`${page.url}: no article`);
    article.querySelectorAll("script, .md-content__button, a.headerlink, a.anchor-link, "
      + ".md-source-file, "
      + ".arena-exercise-editor, .arena-exercise-help, .arena-exercise-buttons, "
      + ".arena-exercise-output, .arena-exercise-verdict, .arena-noscript, "
      + ".arena-handouts, .arena-trace, a.arena-pdf, button, .md-clipboard, .arena-book")
      .forEach((e) => e.remove());   // a stepper: its
    // still figure and its steps as text follow it in the page
    // relative addresses are resolved against the page they come from
    article.querySelectorAll("[src]").forEach((e) => {
      e.setAttribute("src", new URL(e.getAttribute("src"), base).href);
      e.removeAttribute("loading");
    });
    article.querySelectorAll("a[href]").forEach((a) => {
      const href = target(new URL(a.getAttribute("href"), base).href);
      if (href === null) {                 // no published site to point to: the text stays
        a.replaceWith(...a.childNodes);
        return;
      }
      a.setAttribute("href", href);
      a.removeAttribute("download");
    });
    article.querySelectorAll("[id]").forEach((e) => { e.id = page.slug + "--" + e.id; });
    // a passage written for the screen gives way to its paper wording, which ends with the
    // address of the live page when the site's address is known
    article.querySelectorAll(".arena-screen").forEach((e) => e.remove());
    article.querySelectorAll(".arena-print").forEach((e) => {
      const line = liveLine(doc, published(base), book.words.live);
      if (line) e.append(line);
      e.replaceWith(...e.childNodes);
    });
    // a widget in the page becomes its static figure and the address of the live one; when
    // the book already shows that figure still (on this page or before), only the address
    article.querySelectorAll("figure img").forEach((img) => printed.add(img.getAttribute("src")));
    article.querySelectorAll(".arena-stepper, .arena-game").forEach((w) => {
      const svg = new URL(w.dataset.svg, base).href;
      if (printed.has(svg)) {
        const line = liveLine(doc, published(base), book.words.playable);
        if (line) w.replaceWith(line); else w.remove();
        return;
      }
      const figure = doc.createElement("figure");
      figure.className = "arena-figure book-widget";
      const img = doc.createElement("img");
      img.src = new URL(w.dataset.svg, base).href;
      const fig = book.figures[w.dataset.figure] || {};
      img.alt = fig.caption || "";
      const caption = doc.createElement("figcaption");
      caption.append(fig.caption || "");
      const address = published(base);
      if (address !== null) {
        const live = doc.createElement("a");
        live.href = address;
        live.textContent = address;
        caption.append(" " + book.words.live + " ", live);
      }
      figure.append(img, caption);
      w.replaceWith(figure);
      printed.add(svg);
    });
    // exercises keep their statement; their solutions move to the end of the chapter
    const solutions = [];
    let number = 0;
    article.querySelectorAll("details").forEach((d) => {
      const answer = d.classList.contains("answer");   // a listing that answers an exercise
      const isSolution = answer || d.classList.contains("solution")
        || d.classList.contains("success") || d.classList.contains("arena-exercise-solution");
      if (!isSolution) { d.open = true; return; }
      number += 1;
      const id = `${page.slug}--solution-${number}`;
      const block = doc.createElement("div");
      block.className = "book-solution";
      block.id = id;
      const title = doc.createElement("p");
      title.className = "book-solution-title";
      const summary = d.querySelector(":scope > summary");
      const exercise = answer && summary ? summary.textContent.trim() : previousExercise(d);
      title.textContent = `${book.words.solution} ${number}` + (exercise ? ` (${exercise})` : "");
      if (summary) summary.remove();
      block.append(title, ...d.childNodes);
      const pointer = doc.createElement("p");
      pointer.className = "book-solution-pointer";
      const link = doc.createElement("a");
      link.href = "#" + id;
      link.textContent = `${book.words.solution} ${number}`;
      pointer.append(book.words.see + " ", link);
      d.replaceWith(pointer);
      solutions.push(block);
    });
    // formulas in titles are written as plain text: the PDF's bookmarks and the contents
    // take the titles' text, which a typeset formula does not have
    article.querySelectorAll("h1 .arithmatex, h2 .arithmatex, h3 .arithmatex").forEach((m) => {
      m.replaceWith(doc.createTextNode(plainMath(m.textContent)));
    });
    article.querySelectorAll("h1, h2, h3").forEach((h) => {    // the notebooks' $...$
      const walker = doc.createTreeWalker(h, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        t.textContent = t.textContent.replace(/\$[^$]+\$/g, (m) => plainMath(m));
      }
    });
    // figures drawn inline, so that their fonts are the document's (see inlineSvg)
    for (const img of Array.from(article.querySelectorAll("img"))) {
      const src = img.getAttribute("src") || "";
      if (/\.svg($|[?#])/.test(src) || src.startsWith("data:image/svg+xml")) {
        await inlineSvg(img, `svg${++svgCount}`);
      }
    }
    const section = document.createElement("section");
    section.className = "book-chapter" + (page.numbered ? " numbered" : "");
    section.id = page.slug;
    const h1 = article.querySelector("h1");
    if (h1) h1.removeAttribute("id");
    if (page.part) {
      const part = document.createElement("p");
      part.className = "book-part";
      part.textContent = page.part;
      section.append(part);
    }
    section.append(...Array.from(article.childNodes).map((n) => document.importNode(n, true)));
    if (solutions.length) {
      const h2 = document.createElement("h2");
      h2.className = "book-solutions";
      h2.id = page.slug + "--solutions";
      h2.textContent = book.words.solutions;
      section.append(h2, ...solutions.map((s) => document.importNode(s, true)));
    }
    main.append(section);
  }
  await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => {
    throw new Error(`image not loaded: ${img.src}`);
  })));
  await MathJax.startup.promise;
  await MathJax.typesetPromise();
  // print only once every font the text uses has loaded (else a fallback font is used)
  // every declared face is loaded now, used or not yet laid out (a face waits for a use
  // before loading, and a use first met while printing would print a fallback)
  document.body.getBoundingClientRect();
  await Promise.all(Array.from(document.fonts).map((f) => f.load().catch(() => {
    throw new Error(`font not loaded: ${f.family}`);
  })));
  await document.fonts.ready;
  return document.querySelectorAll(".book-chapter").length;
}

// An SVG figure drawn by an <img> loads its embedded font on its own, after the image
// counts as loaded: printed at that moment it shows a fallback font. Drawn inline, under a
// font name of its own (each figure embeds the subset of the glyphs it uses), its font is
// one of the document's, which printing waits for. Its ids get a prefix of their own.
async function inlineSvg(img, key) {
  const response = await fetch(img.src);
  if (!response.ok) throw new Error(`${img.src}: HTTP ${response.status}`);
  const svg = new DOMParser().parseFromString(await response.text(), "image/svg+xml")
    .documentElement;
  if (svg.localName !== "svg") throw new Error(`${img.src}: not an SVG document`);
  const family = (text) => text.replace(/(font-family\s*[:=]\s*["']?)Source Sans Pro/g,
    `$1Source Sans Pro ${key}`);
  svg.querySelectorAll("style").forEach((s) => { s.textContent = family(s.textContent); });
  svg.querySelectorAll("[font-family]").forEach((e) => {
    e.setAttribute("font-family", e.getAttribute("font-family")
      .replace("Source Sans Pro", `Source Sans Pro ${key}`));
  });
  svg.querySelectorAll("[style]").forEach((e) => e.setAttribute("style", family(e.getAttribute("style"))));
  const ids = new Set(Array.from(svg.querySelectorAll("[id]"), (e) => e.id));
  svg.querySelectorAll("[id]").forEach((e) => { e.id = `${key}-${e.id}`; });
  for (const e of [svg, ...svg.querySelectorAll("*")]) {
    for (const attr of Array.from(e.attributes)) {
      let value = attr.value;
      if (attr.name === "aria-labelledby" || attr.name === "aria-describedby") {
        value = value.split(/\s+/).map((id) => ids.has(id) ? `${key}-${id}` : id).join(" ");
      } else {
        value = value.replace(/(url\(#|^#)([^)\s]+)/g,
          (m, head, id) => ids.has(id) ? head + key + "-" + id : m);
      }
      if (value !== attr.value) e.setAttribute(attr.name, value);
    }
  }
  svg.classList.add("book-svg");
  if (!svg.getAttribute("aria-label") && img.alt) svg.setAttribute("aria-label", img.alt);
  img.replaceWith(img.ownerDocument.importNode(svg, true));
}

// simple TeX (J_0, \mathcal{A}^0_3) as Unicode text
function plainMath(tex) {
  const sub = "₀₁₂₃₄₅₆₇₈₉", sup = "⁰¹²³⁴⁵⁶⁷⁸⁹";
  return tex.replace(/^\\\(|\\\)$/g, "").replace(/^\$|\$$/g, "")
    .replace(/\\mathcal\{A\}/g, "𝒜").replace(/\\times/g, "×").replace(/\\leq?/g, "≤")
    .replace(/\\geq?/g, "≥").replace(/\\in\b/g, "∈")
    .replace(/_\{?(\d+)\}?/g, (m, d) => Array.from(d, (c) => sub[c]).join(""))
    .replace(/\^\{?(\d+)\}?/g, (m, d) => Array.from(d, (c) => sup[c]).join(""))
    .replace(/\\[a-zA-Z]+/g, "").replace(/[{}]/g, "").trim();
}

// one paragraph: `words` and the address of the live page, or null without an address
function liveLine(doc, address, words) {
  if (address === null) return null;
  const p = doc.createElement("p");
  p.className = "book-live";
  const a = doc.createElement("a");
  a.href = address;
  a.textContent = address;
  p.append(words + " ", a);
  return p;
}

function previousExercise(details) {
  // the title of the exercise a solution answers: its widget, or the block just before it
  const widget = details.closest(".arena-exercise");
  let e = widget || details.previousElementSibling;
  while (e && e.classList.contains("book-solution-pointer")) e = e.previousElementSibling;
  if (!e) return "";
  const title = e.querySelector(".admonition-title, .arena-exercise-title, summary");
  return title ? title.textContent.trim().replace(/\s+/g, " ") : "";
}

// the table of contents: every chapter (h1) and its sections (h2), in order
function buildToc() {
  const toc = document.querySelector("#book-toc ol");
  const entries = [];
  document.querySelectorAll(".book-chapter").forEach((chapter, k) => {
    const h1 = chapter.querySelector("h1");
    if (!h1) throw new Error(`chapter ${chapter.id} has no title`);
    h1.id = chapter.id + "--title";
    const part = chapter.querySelector(":scope > .book-part");
    if (part) {
      const li = document.createElement("li");
      li.className = "book-toc-part";
      li.textContent = part.textContent;
      toc.append(li);
    }
    const item = document.createElement("li");
    item.className = chapter.classList.contains("numbered") ? "numbered" : "";
    item.append(tocLink(h1, chapter.dataset.number));
    entries.push([h1.id, 1]);
    const sub = document.createElement("ol");
    chapter.querySelectorAll("h2").forEach((h2, j) => {
      if (!h2.id) h2.id = `${chapter.id}--section-${j + 1}`;
      const li = document.createElement("li");
      li.append(tocLink(h2, h2.dataset.number));
      sub.append(li);
      entries.push([h2.id, 2]);
    });
    if (sub.children.length) item.append(sub);
    toc.append(item);
  });
  return entries;
}

function tocLink(heading, number) {
  const a = document.createElement("a");
  a.href = "#" + heading.id;
  a.dataset.target = heading.id;
  const text = document.createElement("span");
  text.className = "title";
  text.textContent = heading.textContent.trim();
  const page = document.createElement("span");
  page.className = "page";
  a.append(text, page);
  return a;
}

// chapter and section numbers, written into the headings (so that the outline has them)
function numberHeadings() {
  let chapter = 0;
  document.querySelectorAll(".book-chapter").forEach((c) => {
    if (!c.classList.contains("numbered")) return;
    chapter += 1;
    c.dataset.number = String(chapter);
    const h1 = c.querySelector("h1");
    if (h1) h1.prepend(chapter + " ");
    let section = 0;
    c.querySelectorAll("figcaption > strong:first-child").forEach((label) => {
      label.textContent = label.textContent.replace(/(\d+)\.$/, `${chapter}.$1.`);
    });
    c.querySelectorAll("h2").forEach((h2) => {
      section += 1;
      h2.dataset.number = `${chapter}.${section}`;
      h2.prepend(`${chapter}.${section} `);
    });
  });
}

// the page numbers found by the first printing, written into the table of contents
function setPageNumbers(numbers) {
  document.querySelectorAll("#book-toc a[data-target]").forEach((a) => {
    const n = numbers[a.dataset.target];
    a.querySelector(".page").textContent = n ? String(n) : "";
  });
}

// wide formulas and tables are set smaller until they fit the column (down to 60 %)
function fitWidth() {
  const main = document.querySelector("#book-chapters");
  const width = main.clientWidth;
  main.querySelectorAll("div.arithmatex, table").forEach((e) => {
    const column = e.parentElement.clientWidth || width;
    const actual = Math.max(e.scrollWidth, e.getBoundingClientRect().width);
    if (actual > column) {
      const scale = Math.max(0.6, Math.floor((column / actual) * 100) / 100);
      e.style.fontSize = `${Math.round(scale * 100)}%`;
    }
  });
}

// what would be cut at the margin: blocks wider than the text column
function overflows() {
  const width = document.querySelector("#book-chapters").clientWidth;
  const out = [];
  // (a display formula's wrappers are as wide as the column whatever the formula: its
  // mjx-math is what is measured)
  document.querySelectorAll("#book-chapters *:not(svg *):not(mjx-container *)"
    + ":not(div.arithmatex):not(mjx-container), #book-chapters mjx-container[display] > mjx-math")
    .forEach((e) => {
    const box = e.getBoundingClientRect();
    const left = document.querySelector("#book-chapters").getBoundingClientRect().left;
    const scrolls = (e.localName === "pre" || e.localName === "table")
      && e.scrollWidth > e.clientWidth + 1;
    if (box.right - left > width + 1 || scrolls) {
      const chapter = e.closest(".book-chapter");
      out.push(`${chapter ? chapter.id : "?"}: <${e.localName}> `
        + (e.textContent || "").trim().slice(0, 60).replace(/\s+/g, " "));
    }
  });
  return out;
}
