import { describe, expect, it } from 'vitest';
import { parseFile } from './tree-sitter.js';

describe('Go: the names a file selects through a package', () => {
  it('a local name hiding an imported package selects nothing from it where it holds', async () => {
    const text = [
      'package api',
      '',
      'import "example.com/bank/store"',
      '',
      'func open(db any) {',
      '\tstore := store.NewStore(db)', // the right side is the package's
      '\tstore.CreateUser(1)', // the variable's method
      '}',
      '',
      'func byParameter(store *store.Store) { store.DeleteUser(1) }', // a parameter: its type is the package's
      '',
      'func inLoop(list []any) {',
      '\tfor _, store := range list { store.ListUsers() }',
      '\tstore.Config()', // the loop's name holds only in the loop
      '\tif store, ok := list[0].(int); ok { store.GetUser() }',
      '}',
      '',
      'func later() {',
      '\tstore.Migrate()', // before the declaration: the package
      '\tvar store = 1',
      '\t_ = store.Nothing',
      '}',
    ].join('\n');
    const parsed = await parseFile(text, 'go');
    expect([...(parsed!.selected.get('store') ?? [])].sort()).toEqual(['Config', 'Migrate', 'NewStore', 'Store']);
  });
});
