/**
 * @module ports/embedder
 * Turns texts into dense vectors. Every adapter passes test/contracts/embedder.contract.ts.
 */
export interface Embedder {
  /** Stable model id recorded in the index, e.g. `builtin-glove-100d-sif-v1`. */
  readonly modelId: string;
  readonly dimension: number;
  /**
   * Embeds texts in order. Vectors are L2-normalised, never all-zero, and
   * deterministic for the same model and text.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  close?(): Promise<void>;
}
