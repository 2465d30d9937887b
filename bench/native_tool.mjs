// The native bench tools (bench/native/*.cpp) are outside the default build (CMakeLists.txt:
// EXCLUDE_FROM_ALL; about 20 s of compilation that `npm test` does not need). A bench brings its
// tool up to date here, in the native build directory (an incremental build: a no-op when nothing
// changed), and gets its path; null when there is no native build directory (`npm run build:native`).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const build = new URL('../build-native/', import.meta.url).pathname;

export function nativeTool(target) {
  if (!existsSync(`${build}CMakeCache.txt`)) return null;
  execFileSync('cmake', ['--build', build, '-j2', '--target', target], { stdio: ['ignore', 'ignore', 'inherit'] });  // errors shown
  return `${build}${target}`;
}

// nativeTool(target) for the benches that have nothing to show without it.
export function requiredNativeTool(target) {
  const tool = nativeTool(target);
  if (!tool) throw new Error(`${target} needs the native build directory: run \`npm run build:native\` first`);
  return tool;
}

// The compiler of the native build directory, as the tables name it ("clang++ 14.0.6"), from what
// CMake found when it created the directory (CMakeFiles/<cmake version>/CMakeCXXCompiler.cmake);
// "no native build" without one.
export function nativeCompiler() {
  const files = `${build}CMakeFiles/`;
  const found = existsSync(files) && readdirSync(files).map((d) => `${files}${d}/CMakeCXXCompiler.cmake`).find(existsSync);
  if (!found) return 'no native build';
  const text = readFileSync(found, 'utf8');
  const id = /set\(CMAKE_CXX_COMPILER_ID "([^"]*)"\)/.exec(text)[1];
  const version = /set\(CMAKE_CXX_COMPILER_VERSION "([^"]*)"\)/.exec(text)[1];
  return `${{ GNU: 'g++', Clang: 'clang++' }[id] ?? id} ${version}`;
}
