/**
 * Rust and C# imports through the built CLI: a code source over a Cargo workspace and a .NET
 * solution, `update`, then `get` of a file shows its imports and importers and its symbols, and
 * `plan --seed` walks from a Rust module and a C# class to the files they import.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { writeFiles } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'ledger');

const FILES: Record<string, string> = {
  'Cargo.toml': '[workspace]\nmembers = ["ledger-core", "ledger-cli"]\n',
  'ledger-core/Cargo.toml': '[package]\nname = "ledger-core"\nedition = "2021"\n',
  'ledger-core/src/lib.rs': '//! Double-entry ledger: accounts and postings.\npub mod account;\npub mod posting;\n',
  'ledger-core/src/account.rs':
    '/// An account of the chart.\npub struct Account { pub code: String }\n\nimpl Account {\n    pub fn balance(&self) -> i64 { 0 }\n}\n',
  'ledger-core/src/posting.rs': 'use crate::account::Account;\n\npub fn post(to: &Account, amount: i64) {}\n',
  'ledger-cli/Cargo.toml': '[package]\nname = "ledger-cli"\nedition = "2021"\n\n[dependencies]\nledger-core = { path = "../ledger-core" }\nclap = "4"\n',
  'ledger-cli/src/main.rs': 'use clap::Parser;\nuse ledger_core::posting::post;\n\nfn main() {}\n',
  'dotnet/Ledger.Api/Ledger.Api.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web">\n</Project>\n',
  'dotnet/Ledger.Api/Models/Invoice.cs': 'namespace Ledger.Api.Models;\n\npublic class Invoice\n{\n    public decimal Total() => 0;\n}\n',
  'dotnet/Ledger.Api/Controllers/InvoiceController.cs':
    'using Microsoft.AspNetCore.Mvc;\nusing Ledger.Api.Models;\n\nnamespace Ledger.Api.Controllers;\n\npublic class InvoiceController : ControllerBase\n{\n    public Invoice Get(int id) => new Invoice();\n}\n',
};

beforeAll(async () => {
  writeFiles(repo, FILES);
  const add = await runCli(['source', 'add', 'code', repo, '--name', 'ledger', '--json'], env);
  expect(add.code, add.stderr).toBe(0);
  const update = await runCli(['update', '--source', 'ledger', '--json'], env, { timeoutMs: 120_000 });
  expect(update.code, update.stderr + update.stdout).toBe(0);
}, 180_000);

afterAll(() => home.cleanup());

const get = async (path: string) => {
  const got = await runCli(['get', `ledger:code_file:${path}`, '--json'], env);
  expect(got.code, got.stderr).toBe(0);
  return {
    imports: got.json.outgoing.map((e: { toId: string }) => e.toId.split(':')[2]).sort(),
    importers: got.json.incoming.map((e: { fromId: string }) => e.fromId.split(':')[2]).sort(),
    symbols: got.json.children.map((c: { name: string }) => c.name),
  };
};

describe('Rust and C# files in the import graph', () => {
  it('get of a Rust module: its `mod` parent and `use` importers, across crates of the workspace; its symbols', async () => {
    expect(await get('ledger-core/src/posting.rs')).toEqual({
      imports: ['ledger-core/src/account.rs'],
      importers: ['ledger-cli/src/main.rs', 'ledger-core/src/lib.rs'],
      symbols: ['post'],
    });
    expect((await get('ledger-core/src/account.rs')).symbols).toEqual(['Account', 'Account.balance']);
  });

  it('get of a C# controller: the file of the type its using makes visible', async () => {
    expect(await get('dotnet/Ledger.Api/Controllers/InvoiceController.cs')).toMatchObject({
      imports: ['dotnet/Ledger.Api/Models/Invoice.cs'],
      symbols: ['InvoiceController', 'InvoiceController.Get'],
    });
  });

  it('plan --seed walks from a Rust binary and a C# class to what they import', async () => {
    const rust = await runCli(['plan', 'post an amount', '--seed', 'ledger-cli/src/main.rs', '--depth', '2', '--json'], env);
    expect(rust.code, rust.stderr).toBe(0);
    expect(rust.json.context.relatedFiles).toEqual(expect.arrayContaining(['ledger-core/src/posting.rs', 'ledger-core/src/account.rs']));
    const cs = await runCli(['plan', 'invoices', '--seed', 'dotnet/Ledger.Api/Models/Invoice.cs', '--json'], env);
    expect(cs.code, cs.stderr).toBe(0);
    expect(cs.json.context.relatedFiles).toEqual(['dotnet/Ledger.Api/Controllers/InvoiceController.cs']);
  });
});
