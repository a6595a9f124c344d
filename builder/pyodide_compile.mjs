// The build's compiler (build.py's compile_with_pyodide), run by Node.js: starts the vendored
// Pyodide, copies the job's input files into its /job folder, runs builder/pyodide_compile.py
// there, and copies its outputs back out.
//
// The job comes as JSON on standard input: {pyodide: the file URL of the vendored pyodide.mjs,
// runtime: its folder, program: the path of the Python program, inputs and outputs: name in
// /job -> path on disk, parameters: what the program reads from /job/job.json}.

import fs from "node:fs";

const job = JSON.parse(fs.readFileSync(0, "utf8"));
const { loadPyodide } = await import(job.pyodide);
const pyodide = await loadPyodide({ indexURL: job.runtime });
pyodide.FS.mkdirTree("/job");
for (const [name, path] of Object.entries(job.inputs)) {
  pyodide.FS.writeFile(`/job/${name}`, fs.readFileSync(path));
}
pyodide.FS.writeFile("/job/job.json", JSON.stringify(job.parameters));
pyodide.runPython(fs.readFileSync(job.program, "utf8"), { filename: job.program });
for (const [name, path] of Object.entries(job.outputs)) {
  fs.writeFileSync(path, pyodide.FS.readFile(`/job/${name}`));
}
