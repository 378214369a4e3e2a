/**
 * @module core/scope/scoped-contexts
 * Contexts as one caller sees them: only those on visible sources are listed, adding or removing
 * one needs the editor role and a visible target (FORBIDDEN otherwise), and a context on a source
 * the caller cannot see is answered like a missing one.
 */
import type { ContextRecord } from '../../ports/catalog.js';
import { SextantError } from '../../kernel/errors.js';
import type { ContextChange } from '../contexts/contexts.js';
import type { Engine } from '../engine.js';
import type { Caller } from './caller.js';
import type { Visibility } from './visibility.js';

export interface ScopedContexts {
  /** Contexts on visible sources (of `source` when given). */
  list(source?: string): Promise<ContextRecord[]>;
  add(target: string, text: string): Promise<ContextChange>;
  remove(id: number): Promise<ContextChange>;
  /** New text for a context: the same target gets the new context, then the old one goes (its id changes). */
  replace(id: number, text: string): Promise<ContextChange>;
}

/** The target a stored context was added on, as `addContext` takes it. */
export function contextTarget(c: Pick<ContextRecord, 'source' | 'targetKind' | 'target'>): string {
  if (c.targetKind === 'source') return `sextant://${c.source}`;
  if (c.targetKind === 'schema') return `sextant://${c.source}/${c.target}`;
  return c.target;
}

export function scopedContexts(engine: Pick<Engine, 'listContexts' | 'addContext' | 'removeContext'>, visibility: Visibility, caller: Caller): ScopedContexts {
  async function list(source?: string): Promise<ContextRecord[]> {
    if (source) await visibility.requireSource(source);
    const visible = await visibility.sources();
    return (await engine.listContexts(source)).filter((c) => !visible || visible.includes(c.source));
  }
  async function visible(id: number): Promise<ContextRecord> {
    const found = (await list()).find((c) => c.id === id);
    if (!found) throw new SextantError('CONTEXT_NOT_FOUND', `no context with id ${id}`, { hint: 'list them with `sextant context list`' });
    return found;
  }
  return {
    list,
    async add(target, text) {
      caller.require('write', 'adding a context');
      await visibility.requireRef(target);
      return engine.addContext(target, text);
    },
    async remove(id) {
      caller.require('write', 'removing a context');
      await visible(id);
      return engine.removeContext(id);
    },
    async replace(id, text) {
      caller.require('write', 'editing a context');
      const old = await visible(id);
      const added = await engine.addContext(contextTarget(old), text);
      await engine.removeContext(id);
      return added;
    },
  };
}
