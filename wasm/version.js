export const version = '0.1.0';  // package.json's, written by scripts/build-wasm.sh
