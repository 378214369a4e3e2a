import { describe, expect, it } from 'vitest';
import type { GlossaryFailure, GlossaryTerm } from '../../../core/glossary/index.js';
import type { ToolContext } from '../tool-registry.js';
import { createGlossaryTermTool, getGlossarySqlTool, listGlossaryTool } from './glossary.js';

/** A tool context whose glossary answers every create with `result`. */
function contextAnswering(result: GlossaryFailure): ToolContext {
  return {
    engine: { glossary: { create: async () => result } },
    user: { via: 'anonymous' },
  } as unknown as ToolContext;
}

const args = { term: 'Orders', definition: 'All orders', defining_sql: 'SELECT count(*) AS n FROM orders' };

describe('glossary write tools', () => {
  it('give refused SQL its hint apart: a hint field and a hint line, the error alone', async () => {
    const refused: GlossaryFailure = {
      success: false,
      code: 'SQL_INVALID',
      error: "SQL validation failed: role 'app' of source 'shop' has more than read privileges (1 finding); the SQL was not run",
      hint: 'connect as a read-only role (README, Safety, has the recipe); to accept this role anyway, add the source with --allow-extra-privileges',
      position: null,
    };
    const out = await createGlossaryTermTool.run(args, contextAnswering(refused));
    expect(out.structured).toEqual({ success: false, error: refused.error, code: 'SQL_INVALID', hint: refused.hint });
    expect(out.text).toBe(`failed: ${refused.error}\nhint: ${refused.hint}`);
  });

  it("word a remedy for an agent: the tools that fix it, never the command line's", async () => {
    const exists: GlossaryFailure = {
      success: false,
      code: 'TERM_EXISTS',
      error: "term 'Orders' already exists",
      remedy: { action: 'edit-term', term: 'Orders', taken: 'name' },
    };
    const out = await createGlossaryTermTool.run(args, contextAnswering(exists));
    const hint = "change it with the `update_glossary_term` tool (term 'Orders'), or pick another name";
    expect(out.structured).toEqual({ success: false, error: exists.error, code: 'TERM_EXISTS', hint });
    expect(out.text).toBe(`failed: ${exists.error}\nhint: ${hint}`);
    const alias: GlossaryFailure = { ...exists, code: 'ALIAS_CONFLICT', remedy: { action: 'edit-term', term: 'Orders', taken: 'alias' } };
    expect((await createGlossaryTermTool.run(args, contextAnswering(alias))).structured.hint).toBe(
      "pick another name, or change term 'Orders' with the `update_glossary_term` tool",
    );
    const noSources: GlossaryFailure = {
      success: false,
      code: 'SOURCE_NOT_FOUND',
      error: "project 'default' has no sources",
      remedy: { action: 'add-source', project: 'default' },
    };
    const none = await createGlossaryTermTool.run(args, contextAnswering(noSources));
    expect(none.structured.hint).toBe("ask an administrator to add a source to project 'default' (no tool adds sources)");
    expect(none.text).not.toContain('sextant ');
  });

  it('give a term not found its suggestions as they are, or the tool that lists the terms', async () => {
    const near: GlossaryFailure = {
      success: false,
      code: 'TERM_NOT_FOUND',
      error: "term 'Ordrs' not found",
      hint: "did you mean 'Orders'?",
      suggestions: ['Orders'],
    };
    const lookup = (result: GlossaryFailure) => ({ engine: { glossary: { lookup: async () => result } } }) as unknown as ToolContext;
    const shown = await getGlossarySqlTool.run({ term: 'Ordrs' }, lookup(near));
    expect(shown.structured).toEqual({ success: false, error: near.error, code: 'TERM_NOT_FOUND', hint: near.hint, suggestions: ['Orders'] });
    expect(shown.text).toBe(`failed: ${near.error}\nhint: did you mean 'Orders'?`);
    const none: GlossaryFailure = { success: false, code: 'TERM_NOT_FOUND', error: "term 'Zzz' not found", remedy: { action: 'list-terms' } };
    const listed = await getGlossarySqlTool.run({ term: 'Zzz' }, lookup(none));
    expect(listed.structured).toEqual({ success: false, error: none.error, code: 'TERM_NOT_FOUND', hint: 'list the terms with the `list_glossary` tool' });
  });

  it("give a stale term's refusal its hint apart: a hint field beside the error and a hint line", async () => {
    const term = {
      term: 'Orders',
      definition: 'All orders',
      sql: 'SELECT count(*) AS n FROM orders',
      outputColumns: [],
      aliases: [],
      baseTable: null,
      source: 'shop',
      origin: 'manual',
      validation: {
        status: 'stale',
        checkedAt: '2026-01-01T00:00:00.000Z',
        error: "role 'app' of source 'shop' has more than read privileges (1 finding); the SQL was not run",
        hint: 'connect as a read-only role',
      },
    } as unknown as GlossaryTerm;
    const ctx = { engine: { glossary: { lookup: async () => ({ success: true, term }), list: async () => [term] } } } as unknown as ToolContext;
    const shown = await getGlossarySqlTool.run({ term: 'Orders' }, ctx);
    expect(shown.structured).toMatchObject({ status: 'stale', error: term.validation.error, hint: 'connect as a read-only role' });
    expect(shown.text).toContain(`stale: the SQL no longer runs: ${term.validation.error}\nhint: connect as a read-only role\n`);
    const listed = await listGlossaryTool.run({}, ctx);
    expect(listed.structured.terms).toEqual([expect.objectContaining({ status: 'stale', error: term.validation.error, hint: 'connect as a read-only role' })]);
  });
});
