import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { cliSpecs, SHELL_COMMANDS } from './commands.js';
import { complete, type CompletionLookups } from './completer.js';

/** A CLI program shaped like the shell's read commands. */
function program(): Command {
  const p = new Command('sextant');
  p.command('search').argument('<query...>');
  p.command('get').argument('<ref>');
  p.command('describe').argument('<target>');
  p.command('schemas').argument('<source>');
  const glossary = p.command('glossary');
  glossary.command('list');
  glossary.command('show').argument('<term>');
  glossary.command('related').argument('<term>');
  return p;
}

const IDS = ['demo:table:shop.customer', 'demo:table:shop.customer_address', 'demo:table:shop.sales_order'];
const lookups: CompletionLookups = {
  async ids(prefix) {
    if (!prefix.includes(':')) return { candidates: ['demo:'].filter((s) => s.startsWith(prefix)), partial: false };
    if (prefix === 'demo:column:') return { candidates: ['demo:column:billing.', 'demo:column:shop.'], partial: true };
    return { candidates: IDS.filter((id) => id.startsWith(prefix)), partial: false };
  },
  terms: async () => ['active customer', 'churn', "customer's lifetime value"],
  projects: async () => ['default', 'sales', 'support'],
  sources: async () => ['demo', 'crm'],
  documents: async () => ['runbook.md', 'notes.txt'],
};
const specs = [...cliSpecs(program()), ...SHELL_COMMANDS];
const tab = (line: string) => complete(line, specs, lookups);

describe('completion', () => {
  it('completes command names, then subcommands', async () => {
    expect(await tab('se')).toEqual([['search '], 'se']);
    expect((await tab(''))[0]).toEqual(expect.arrayContaining(['search ', 'get ', 'glossary ', 'use ', 'doc ', 'explain ', 'open ', 'help ']));
    expect(await tab('e')).toEqual([['entities ', 'explain ', 'exit '], 'e']);
    expect(await tab('glossary s')).toEqual([['show '], 's']);
    expect(await tab('doc ')).toEqual([['add ', 'list ', 'rm '], '']);
    expect(await tab('json o')).toEqual([['on ', 'off '], 'o']);
  });

  it('completes object ids through the lookup, one part at a time, for the first argument only', async () => {
    expect(await tab('get de')).toEqual([['demo:'], 'de']);
    expect(await tab('describe demo:table:shop.cu')).toEqual([['demo:table:shop.customer ', 'demo:table:shop.customer_address '], 'demo:table:shop.cu']);
    expect(await tab('get demo:table:shop.customer ')).toEqual([[], '']);
    expect(await tab('search demo:t')).toEqual([[], 'demo:t']);
  });

  it('keeps a partial answer from completing past what every match shares', async () => {
    expect(await tab('get demo:column:')).toEqual([['demo:column:billing.', 'demo:column:shop.', 'demo:column:'], 'demo:column:']);
  });

  it('completes glossary terms, escaping spaces or inside the quote the user opened', async () => {
    expect(await tab('glossary show act')).toEqual([['active\\ customer '], 'act']);
    expect(await tab('glossary related "act')).toEqual([['"active customer" '], '"act']);
    expect(await tab("glossary show 'cu")).toEqual([[], "'cu"]);
    expect(await tab('glossary list ')).toEqual([[], '']);
  });

  it('completes projects (repeatedly), sources, documents and commands for help', async () => {
    expect(await tab('use project s')).toEqual([['sales ', 'support '], 's']);
    expect(await tab('use project sales su')).toEqual([['support '], 'su']);
    expect(await tab('schemas c')).toEqual([['crm '], 'c']);
    expect(await tab('doc rm r')).toEqual([['runbook.md '], 'r']);
    expect(await tab('help ex')).toEqual([['exit ', 'explain '], 'ex']);
  });

  it('completes file paths for doc add, folders with a slash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sextant-complete-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'runbook.md'), '# x');
    writeFileSync(join(dir, 'notes', '.hidden'), 'x');
    expect(await tab(`doc add ${dir}/no`)).toEqual([[`${dir}/notes/`], `${dir}/no`]);
    expect(await tab(`doc add ${dir}/notes/`)).toEqual([[`${dir}/notes/runbook.md `], `${dir}/notes/`]);
    expect(await tab(`doc add ${dir}/nothing/`)).toEqual([[], `${dir}/nothing/`]);
  });

  it('offers nothing for options or unknown commands', async () => {
    expect(await tab('search --ki')).toEqual([[], '--ki']);
    expect(await tab('bogus x')).toEqual([[], 'x']);
  });
});
