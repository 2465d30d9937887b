#!/usr/bin/env bash
# Builds the WebAssembly modules (with and without threads) into web/gen/ (incrementally) and copies the JS facade and the
# vendored uPlot next to it, so web/ is a complete static site.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # em++'s JS optimizer needs Debian's acorn (docs/toolchain.md pitfall 1)
if [ ! -f build-wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release
fi
cmake --build build-wasm -j2
# The second module, with WebAssembly threads (web/gen/mechid-threads.*), the core compiled again
# with -pthread in its own directory: the worker loads it when the page is cross-origin isolated.
if [ ! -f build-wasm-threads/CMakeCache.txt ]; then
  emcmake cmake -S . -B build-wasm-threads -DCMAKE_BUILD_TYPE=Release -DMECHID_WASM_THREADS=ON
fi
cmake --build build-wasm-threads -j2 --target mechid_wasm mechid_node_threads
mkdir -p web/gen/vendor
cp wasm/api.js wasm/errors.js wasm/json.js wasm/formats.js wasm/study.js wasm/core-instance.js wasm/csv.js wasm/uff.js wasm/uff-numbers.js wasm/uff-geometry.js wasm/uff-recording.js wasm/uff-convert.js wasm/uff-write.js wasm/method-help.js wasm/record.js wasm/recording.js wasm/readers.js wasm/json-depth.js wasm/structure-json.js web/gen/
cp wasm/text.js wasm/text-dialect.js wasm/lvm.js wasm/text-columns.js wasm/cell-number.js wasm/text-check.js wasm/time-grid.js wasm/number-scan.js web/gen/   # text dialects and LVM files (issue 49)
cp wasm/mat.js wasm/mat73.js wasm/mat-channels.js wasm/zlib-inflate.js web/gen/   # MATLAB files (issue 49)
cp wasm/wav.js wasm/tdms.js wasm/tdms-scaling.js web/gen/   # WAV and TDMS files (issue 49)
cp wasm/channel-labels.js web/gen/   # the channels' names and units in the exports (issue 49)
cp wasm/blob-bytes.js web/gen/   # a File's bytes read in pieces (issue 49, memory)
cp wasm/option-words.js web/gen/   # the API's spellings of an option, for the CLI's and the page's words (issue 56)
cp wasm/geometry.js wasm/geometry-check.js wasm/geometry-motion.js wasm/geometry-generators.js wasm/geometry-read.js wasm/geometry-file.js web/gen/   # the test geometry (issue 53)
cp wasm/report.js wasm/report-read.js wasm/report-hash.js wasm/report-sha256.js wasm/report-format.js wasm/report-svg.js wasm/report-tables.js wasm/report-parts.js wasm/report-shapes.js wasm/report-identify.js wasm/report-modal.js wasm/report-style.js web/gen/   # the one-file report (issue 53)
echo "export const version = '$(node -p "require('./package.json').version")';  // package.json's, written by scripts/build-wasm.sh" > wasm/version.js   # the report's tool version in the page
cp wasm/version.js web/gen/
cp node_modules/uplot/dist/uPlot.esm.js node_modules/uplot/dist/uPlot.min.css web/gen/vendor/
# three.js (the 3-D mode shapes, web/ui/shape-3d*.js; loaded only when a 3-D view is opened): its ES
# module build (three.module.js imports three.core.js) and OrbitControls, whose bare import of 'three'
# becomes the file next to it (the page has no import map).
cp node_modules/three/build/three.module.js node_modules/three/build/three.core.js web/gen/vendor/
sed "s#from 'three';#from './three.module.js';#" node_modules/three/examples/jsm/controls/OrbitControls.js > web/gen/vendor/OrbitControls.js
# pako (zlib's inflate in JavaScript, for MAT v7's compressed variables: wasm/zlib-inflate.js),
# without its source map comment (the page requests only its own files).
sed '/^\/\/# sourceMappingURL=/d' node_modules/pako/dist/pako.mjs > web/gen/vendor/pako.mjs
# h5wasm (HDF5 for MAT v7.3 files, wasm/mat73.js): its ES module build, the WebAssembly inlined;
# loaded by the worker only when a v7.3 file is read.
mkdir -p web/gen/vendor/h5wasm
cp node_modules/h5wasm/dist/esm/hdf5_hl.js node_modules/h5wasm/dist/esm/hdf5_util.js web/gen/vendor/h5wasm/
rm -f web/gen/vendor/papaparse.mjs web/gen/text-dataset.js   # no longer read by the page (text: wasm/text.js)
node scripts/list-assets.mjs   # the service worker's list of files to keep offline
