// The notebook pages' Python: a Web Worker that loads Pyodide and the library (both served
// by the site: assets/pyodide/) and Graphviz compiled to WebAssembly (the figures), then
// runs a notebook's cells one after the other in one namespace
// (coursebuild.products.notebook_kernel.Kernel). Messages in: {job, code, lang, base, viz}; a job
// without code only loads. Messages out: {job, type: "alive"} at once (a worker that says
// nothing was closed by a cell's code, or lost its handler), {job, type: "ready"} once
// loaded, then
// {job, type: "done", outputs} for each cell ({job, type: "failed", message} if Python
// itself could not load; {job, type: "fatal"} if Pyodide broke while a cell ran, a stack
// overflow inside WebAssembly or os._exit say: it can run nothing more, the page replaces
// this worker).
/* global loadPyodide, Viz */
let kernel = null;
let booting = null;
// taken before any Python runs: a cell's code may replace self.postMessage
const post = self.postMessage.bind(self);

async function boot(base, viz, lang) {
  importScripts(base + "pyodide.js", viz);
  const [py, graphviz] = await Promise.all([loadPyodide({ indexURL: base }), Viz.instance()]);
  const zip = await (await fetch(base + "arena.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/site-lib" });
  py.registerJsModule("_arena_viz", {
    render: (source, engine) => graphviz.renderString(source, { format: "svg", engine }),
  });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/site-lib')");
  py.runPython("import os; os.chdir('/home/pyodide')");
  const make = py.runPython("from coursebuild.products.notebook_kernel import Kernel; Kernel");
  const k = make(lang);
  make.destroy();
  return k;
}

self.onmessage = async (event) => {
  const { job, code, lang, base, viz } = event.data;
  post({ job, type: "alive" });
  try {
    if (!kernel) kernel = await (booting = booting || boot(base, viz, lang));
  } catch (err) {
    post({ job, type: "failed", message: String(err).slice(0, 2000) });
    return;
  }
  if (code === undefined) {
    post({ job, type: "ready" });
    return;
  }
  let outputs;
  try {
    outputs = JSON.parse(kernel.run_json(code));
  } catch (err) {
    if (err && (err.pyodide_fatal_error
      || /Pyodide already (fatally failed|exited)/.test(String(err)))) {
      post({ job, type: "fatal" });
      return;
    }
    outputs = [{ type: "error", text: String(err).slice(0, 4000) }];
  }
  post({ job, type: "done", outputs });
};
