import { describe, expect, it } from 'vitest';
import { readCargoManifest } from './cargo-manifest.js';

describe('Cargo.toml', () => {
  it('package, lib and targets; each dependency table form with its renames; comments and unrelated tables left out', () => {
    const m = readCargoManifest(
      [
        '[package]',
        'name = "shop-app" # the binary',
        'edition.workspace = true',
        'build = false',
        '',
        '[lib]',
        'name = "shop"',
        'path = "src/shop.rs"',
        '',
        '[[bin]]',
        'name = "shopd"',
        "path = 'src/daemon/main.rs'",
        '',
        '[dependencies]',
        'serde = { version = "1", features = ["derive"] }',
        'core = { package = "shop-core", path = "../core" }',
        'db.workspace = true',
        'money.package = "shop-money"',
        '',
        '[dependencies.mail]',
        'package = "shop-mail"',
        'path = "../mail"',
        '',
        "[target.'cfg(unix)'.dev-dependencies]",
        'nix = "0.27"',
        '',
        '[features]',
        'full = ["core/full"]',
        '',
      ].join('\n'),
    );
    expect(m).toMatchObject({ name: 'shop-app', edition: 'workspace', build: false, libName: 'shop', libPath: 'src/shop.rs', targets: ['src/daemon/main.rs'] });
    expect([...m.dependencies]).toEqual([
      ['serde', 'serde'],
      ['core', 'shop-core'],
      ['db', 'db'],
      ['money', 'shop-money'],
      ['mail', 'shop-mail'],
      ['nix', 'nix'],
    ]);
    expect(readCargoManifest('[workspace]\nmembers = ["a"]\n\n[workspace.package]\nedition = "2021"\n')).toMatchObject({ name: '', workspaceEdition: '2021' });
  });
});
