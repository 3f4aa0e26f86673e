// The course's formulas typeset at build time (coursebuild.sources.maths): KaTeX, pinned by
// package-lock.json, as HTML for the eye and MathML (with the TeX as its annotation) for
// screen readers and the books. One process per build: each line of stdin is a JSON list
// of [tex, display] pairs, answered by one line of stdout, a JSON list of {html} or
// {error} in the same order.
import readline from "node:readline";
import katex from "katex";

const OPTIONS = { output: "htmlAndMathml", throwOnError: true, strict: "ignore", trust: false };
// A formula in a line of text breaks after its relations and operators, between its
// "bases"; a base wider than this (in em, by KaTeX's font metrics: the sum of its
// characters' widths) may not fit a phone's screen (about 15 em of maths in a list or a
// box at 390 px): it is marked, and scrolls in its own box (course.css), not the page.
const WIDE = 14;
const width = (node) => (typeof node.text === "string" && typeof node.width === "number"
  ? node.width : 0) + (node.children || []).reduce((sum, child) => sum + width(child), 0);

function render(tex, display) {
  const tree = katex.__renderToDomTree(tex, { ...OPTIONS, displayMode: display });
  if (!display) {
    const html = tree.children.find((c) => c.classes.includes("katex-html"));
    for (const base of html ? html.children : []) {
      if (base.classes.includes("katex-base") && width(base) > WIDE) base.classes.push("arena-wide");
    }
  }
  return tree.toMarkup();
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const answers = JSON.parse(line).map(([tex, display]) => {
    try {
      return { html: render(tex, display) };
    } catch (err) {
      return { error: String(err.message || err) };
    }
  });
  process.stdout.write(JSON.stringify(answers) + "\n");
});
