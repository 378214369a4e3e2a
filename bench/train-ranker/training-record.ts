/**
 * How each model in the learned-ranker file was trained: `trained` holds one flat record per
 * target, so retraining one target replaces its record and leaves the others' as they were.
 */
import type { RankerModel, RankerModels } from '../../src/core/search/learned-ranker.js';
import type { Quality, TrainOptions } from './train.js';

type Target = RankerModel['target'];

/** The training facts of one target's model. */
export interface TrainingRecord extends TrainOptions {
  by: string;
  /** First 16 hex digits of the SHA-256 of the --features file. */
  featuresFile: string;
  /** Searches of this target the model was trained on (those with gold). */
  searches: number;
  /** Feature columns of the model (products included). */
  features: number;
  pool: number;
  folds: number;
  seed: number;
  /** The fold seeds the cross-validated quality averages, when more than one (`--seeds`). */
  seeds?: number[];
  products: string[];
  /** Cross-validated quality per setting: RRF order, then the learned order. */
  cv: Record<string, { rrf: Quality; learned: Quality }>;
}

export type TrainingRecords = Partial<Record<Target, TrainingRecord>>;

const TARGET_ORDER: readonly Target[] = ['relations', 'columns', 'documents'];

/**
 * The `trained` field after a run: the records of `now` (the targets trained in this run), and
 * for every other target whose model `models` still holds, its previous record unchanged. A
 * previous record of a target without a model is dropped; the order is the targets' order.
 */
export function mergeTrained(models: RankerModels, now: TrainingRecords): TrainingRecords {
  const previous = models.trained && typeof models.trained === 'object' ? (models.trained as Record<string, unknown>) : {};
  const merged: TrainingRecords = {};
  for (const target of TARGET_ORDER) {
    const fresh = now[target];
    const old = previous[target];
    if (fresh) merged[target] = fresh;
    else if (models[target] && old && typeof old === 'object') merged[target] = old as TrainingRecord;
  }
  return merged;
}
