// Emscripten 3.1.6 ships no MMX header; Eigen includes it before emmintrin.h. Empty on purpose.
