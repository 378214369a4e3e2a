/**
 * @module adapters/embedder/vector
 * The port's promise for every adapter: a finite, unit-length, non-zero Float32Array.
 */
import { SextantError } from '../../kernel/errors.js';

/**
 * Copies `values` into a unit-length Float32Array (norm computed in double precision).
 * A zero, NaN or infinite vector cannot be repaired honestly: EMBEDDER_UNAVAILABLE.
 */
export function toUnitVector(values: ArrayLike<number>, source: string): Float32Array {
  let sq = 0;
  for (let i = 0; i < values.length; i++) sq += values[i]! * values[i]!;
  if (!(sq > 0) || !Number.isFinite(sq)) {
    throw new SextantError('EMBEDDER_UNAVAILABLE', `${source} returned a ${sq === 0 ? 'zero' : 'non-finite'} vector`, {
      hint: 'check the embedding model; the index cannot store vectors without a direction',
    });
  }
  const inv = 1 / Math.sqrt(sq);
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! * inv;
  return out;
}
