// Shared fast-check helpers of the fuzz targets.

/**
 * One of `usual` most of the time, one of `odd` (bad or extreme values) in 1 case out of `1 + ratio`:
 * each odd option alone would otherwise stop most cases before the method runs.
 */
export const mostly = (fc, usual, odd, ratio = 9) => fc.oneof(
  { arbitrary: fc.constantFrom(...usual), weight: ratio },
  { arbitrary: fc.constantFrom(...odd), weight: 1 },
);

/** undefined most of the time, a value of `arbitrary` in 1 case out of `1 + ratio`. */
export const sometimes = (fc, arbitrary, ratio = 9) => fc.oneof(
  { arbitrary: fc.constant(undefined), weight: ratio },
  { arbitrary, weight: 1 },
);
