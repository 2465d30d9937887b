// --pre-js of the WebAssembly builds of the native bench tools for Node (wasm/CMakeLists.txt:
// bench/native/identify_speed.cpp, eigen_kernels.cpp, threads.cpp).
// ES5 on purpose: Emscripten's JS optimizer (Debian's acorn) rejects destructuring here.
// - The binary (the .wasm beside the .cjs) is read here: with Node's global fetch, Emscripten 3.1.6
//   would fetch() a file path.
// - getenv reads Emscripten's ENV object, which Node's process.env does not fill by itself.
// - In a pthread's worker (the threads tool) the script is evaluated without __filename, and the
//   worker receives the compiled module from the main thread: nothing to read there.
if (!Module['ENVIRONMENT_IS_PTHREAD']) Module.wasmBinary = require('fs').readFileSync(__filename.replace(/\.cjs$/, '.wasm'));
Module.preRun = (Module.preRun || []).concat(function () {
  Object.keys(process.env).forEach(function (key) {
    if (key.indexOf('MECHID_') === 0) ENV[key] = process.env[key];
  });
});
