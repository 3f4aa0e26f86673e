// The code editor of the exercises and the notebooks: CodeMirror 6, bundled by esbuild at build time into
// assets/javascripts/editor.js (see Makefile). Colours come from Material's code
// variables, so the editor follows the light and dark palettes.
import { EditorState } from "@codemirror/state";
import { EditorView, ViewPlugin, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { indentUnit, syntaxHighlighting, HighlightStyle, bracketMatching } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { tags as t } from "@lezer/highlight";

const style = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.operatorKeyword],
    color: "var(--md-code-hl-keyword-color)" },
  { tag: [t.string, t.special(t.string)], color: "var(--md-code-hl-string-color)" },
  { tag: [t.number, t.bool, t.null], color: "var(--md-code-hl-number-color)" },
  { tag: t.comment, color: "var(--md-code-hl-comment-color)", fontStyle: "italic" },
  { tag: [t.function(t.variableName), t.function(t.propertyName)],
    color: "var(--md-code-hl-function-color)" },
  { tag: [t.definition(t.variableName)], color: "var(--md-code-hl-function-color)" },
  { tag: [t.operator, t.punctuation], color: "var(--md-code-hl-punctuation-color)" },
  { tag: [t.className, t.standard(t.variableName)], color: "var(--md-code-hl-constant-color)" },
]);

const theme = EditorView.theme({
  "&": { backgroundColor: "var(--md-code-bg-color)", color: "var(--md-code-fg-color)",
         fontSize: ".8rem" },
  ".cm-content": { fontFamily: "var(--md-code-font-family, monospace)",
                   caretColor: "var(--md-code-fg-color)" },
  ".cm-gutters": { backgroundColor: "var(--md-code-bg-color)",
                   color: "var(--md-code-fg-color)", border: "none" },
  ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "transparent" },
  "&.cm-focused": { outline: "2px solid var(--md-accent-fg-color)" },
  "&.cm-focused .cm-cursor": { borderLeftColor: "var(--md-code-fg-color)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground":
    { backgroundColor: "var(--md-code-hl-color)" },
});

// CodeMirror draws and measures only the lines near the window; the line numbers of the
// others are placed by estimated heights, which wrapped lines make wrong: a cell off the
// screen, printed or captured shows its numbers drifting from its lines. A notebook's cells
// are short: each editor draws and measures all its lines, as CodeMirror does while a page
// prints (its `printing` state, which it sets back after a print: set again at the next
// update).
const wholeDocument = ViewPlugin.fromClass(class {
  constructor(view) { this.whole(view); }
  update(update) { this.whole(update.view); }
  whole(view) {
    if (view.viewState && !view.viewState.printing) {
      view.viewState.printing = true;
      view.requestMeasure();
    }
  }
});

/** Create an editor in `parent` holding `doc`; `onChange(code)` is called on every edit;
 *  with `whole`, every line is drawn, not only those near the window (short documents). */
function create(parent, doc, { label = "Python", onChange = () => {}, whole = false } = {}) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(), history(), drawSelection(), highlightActiveLine(), bracketMatching(),
        indentUnit.of("    "), EditorState.tabSize.of(4), python(),
        syntaxHighlighting(style), theme, EditorView.lineWrapping,
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
        ...(whole ? [wholeDocument] : []),
      ],
    }),
  });
  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode: (code) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } }),
  };
}

window.ArenaEditor = { create };
