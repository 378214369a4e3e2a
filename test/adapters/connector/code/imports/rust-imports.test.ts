/**
 * Rust's module graph resolved to files (rust-imports): `mod` declarations by the reference's
 * file rules (mod-rs and non-mod-rs files, inline modules, `#[path]`), `use` trees and
 * qualified paths from `crate`, `self`, `super` and the crates of a Cargo workspace the package
 * depends on (renamed too), re-exports followed to the declaring file, Rust 2015's crate-root
 * `use` paths, `mod` and `use` items inside `cfg_if!`/`cfg_select!` branches; std and crates.io
 * crates are no edges.
 */
import { describe, expect, it } from 'vitest';
import type { RustFacts } from '../../../../../src/adapters/connector/code/imports/rust-reader.js';
import { resolveTree } from '../../../../helpers/lang-tree.js';

const WORKSPACE = {
  'Cargo.toml': '[workspace]\nmembers = ["crates/*", "app"]\n\n[workspace.package]\nedition = "2021"\n',
  'crates/shop-core/Cargo.toml': '[package]\nname = "shop-core"\nedition.workspace = true\n\n[dependencies]\nserde = "1"\n',
  'crates/shop-core/src/lib.rs': [
    '//! The shop: orders, users and their storage.',
    'pub mod model;',
    'mod db;',
    '#[path = "legacy/old_api.rs"]',
    'pub mod api;',
    'pub use db::Pool;',
    '',
    'pub fn version() -> u32 { 1 }',
    '',
  ].join('\n'),
  // a non-mod-rs file: its modules live in model/
  'crates/shop-core/src/model.rs': [
    'pub mod order;',
    'mod user {',
    '    pub mod address;',
    '}',
    'pub use order::*;',
    'pub use self::user::address::Address;',
    '',
  ].join('\n'),
  'crates/shop-core/src/model/order.rs': [
    'use super::Address;',
    'use crate::db::{self, Pool as DbPool};',
    'use std::collections::HashMap;',
    '',
    'pub struct Order { pub to: Address }',
    '',
    'impl Order {',
    '    pub fn total(&self) -> u32 { 0 }',
    '    fn hidden(&self) {}',
    '}',
    '',
    'const LIMIT: u32 = 10;',
    '',
  ].join('\n'),
  'crates/shop-core/src/model/user/address.rs': 'pub struct Address;\n',
  'crates/shop-core/src/db/mod.rs': 'mod pool;\npub use pool::Pool;\n\npub fn connect() {}\n',
  'crates/shop-core/src/db/pool.rs': 'use serde::Serialize;\nuse std::sync::Arc;\n\npub struct Pool;\n',
  'crates/shop-core/src/legacy/old_api.rs': 'pub fn get() {\n    crate::db::connect();\n}\n',
  'crates/billing/Cargo.toml': '[package]\nname = "billing"\nedition = "2021"\n',
  'crates/billing/src/lib.rs': 'pub fn charge() {}\n',
  'app/Cargo.toml': [
    '[package]',
    'name = "shop-app"',
    'edition = "2021"',
    '',
    '[dependencies]',
    'core = { package = "shop-core", path = "../crates/shop-core" }',
    'tokio = { version = "1", features = ["full"] }',
    '',
  ].join('\n'),
  'app/src/lib.rs': 'pub fn run() {}\n',
  'app/src/main.rs': [
    'mod cli;',
    'use core::model::{Order, Address};',
    'use core::Pool;',
    'use billing::charge;', // not a dependency of shop-app: a crate of the tree it cannot name
    'use tokio::runtime::Runtime;',
    '',
    'fn main() {',
    '    shop_app::run();',
    '}',
    '',
  ].join('\n'),
  'app/src/cli.rs': 'use core::version;\n',
  'app/tests/smoke.rs': 'use shop_app::run;\nuse core::model::order::Order;\n',
};

describe('Rust imports (tree-sitter)', () => {
  it('mod declarations, use trees, qualified paths and workspace crates resolve to the declaring files', async () => {
    const { edges } = await resolveTree(WORKSPACE);
    expect(edges).toEqual([
      'app/src/cli.rs → crates/shop-core/src/lib.rs (use)',
      'app/src/main.rs → app/src/cli.rs (mod)',
      'app/src/main.rs → app/src/lib.rs (path)',
      'app/src/main.rs → crates/shop-core/src/db/pool.rs (use)',
      'app/src/main.rs → crates/shop-core/src/model/order.rs (use)',
      'app/src/main.rs → crates/shop-core/src/model/user/address.rs (use)',
      'app/tests/smoke.rs → app/src/lib.rs (use)',
      'app/tests/smoke.rs → crates/shop-core/src/model/order.rs (use)',
      'crates/shop-core/src/db/mod.rs → crates/shop-core/src/db/pool.rs (mod, use)',
      'crates/shop-core/src/legacy/old_api.rs → crates/shop-core/src/db/mod.rs (path)',
      'crates/shop-core/src/lib.rs → crates/shop-core/src/db/mod.rs (mod)',
      'crates/shop-core/src/lib.rs → crates/shop-core/src/db/pool.rs (use)',
      'crates/shop-core/src/lib.rs → crates/shop-core/src/legacy/old_api.rs (mod)',
      'crates/shop-core/src/lib.rs → crates/shop-core/src/model.rs (mod)',
      'crates/shop-core/src/model.rs → crates/shop-core/src/model/order.rs (mod, use)',
      'crates/shop-core/src/model.rs → crates/shop-core/src/model/user/address.rs (mod, use)',
      'crates/shop-core/src/model/order.rs → crates/shop-core/src/db/mod.rs (use)',
      'crates/shop-core/src/model/order.rs → crates/shop-core/src/db/pool.rs (use)',
      'crates/shop-core/src/model/order.rs → crates/shop-core/src/model/user/address.rs (use)',
    ]);
  });

  it('symbols: top-level items and the public methods of an inherent impl as Type.name', async () => {
    const { parsed } = await resolveTree(WORKSPACE);
    expect(parsed.get('crates/shop-core/src/model/order.rs')!.symbols.map((s) => `${s.kind} ${s.name}: ${s.signature}`)).toEqual([
      'struct Order: pub struct Order',
      'method Order.total: pub fn total(&self) -> u32',
    ]);
    expect(parsed.get('crates/shop-core/src/lib.rs')!.symbols.map((s) => `${s.kind} ${s.name}`)).toEqual(['fn version']);
  });

  it('Rust 2015 reads a use path from the crate root; mod declarations inside cfg_if! count; a package without Cargo.toml names its lib.rs', async () => {
    const { edges } = await resolveTree({
      'old/Cargo.toml': '[package]\nname = "old"\nversion = "0.1.0"\n',
      'old/src/lib.rs': 'mod a;\nmod b;\ncfg_if::cfg_if! {\n    if #[cfg(unix)] {\n        mod unix;\n    } else {\n        mod other;\n    }\n}\n',
      'old/src/a.rs': 'use b::Thing;\nuse unix::Fd;\n',
      'old/src/b.rs': 'pub struct Thing;\n',
      'old/src/unix.rs': 'pub struct Fd;\n',
      'loose/lib.rs': 'mod x;\npub fn helper() {}\n',
      'loose/x.rs': 'use crate::helper;\n',
    });
    expect(edges).toEqual([
      'loose/lib.rs → loose/x.rs (mod)',
      'loose/x.rs → loose/lib.rs (use)',
      'old/src/a.rs → old/src/b.rs (use)',
      'old/src/a.rs → old/src/unix.rs (use)',
      'old/src/lib.rs → old/src/a.rs (mod)',
      'old/src/lib.rs → old/src/b.rs (mod)',
      'old/src/lib.rs → old/src/unix.rs (mod)',
    ]);
  });

  it('use and mod items inside cfg_if! and cfg_select! branches (every branch, nested, in an inline module) are read as items', async () => {
    const { edges, parsed } = await resolveTree({
      'Cargo.toml': '[package]\nname = "sys"\nedition = "2021"\n',
      'src/lib.rs': [
        'mod unix;',
        'mod windows;',
        'mod shared;',
        'cfg_if::cfg_if! {',
        '    if #[cfg(unix)] {',
        '        pub use crate::unix::{Fd, Stat, open as open_fd};',
        '    } else if #[cfg(windows)] {',
        '        pub use self::windows::*;',
        '        cfg_if! { if #[cfg(target_env = "msvc")] { use crate::shared::Msvc; } }',
        '    } else {',
        '        pub fn fallback() { crate::shared::init(); }',
        '    }',
        '}',
        'pub mod io {',
        '    cfg_select! {',
        '        unix => { use super::unix::Fd; mod pipe; }',
        '        _ => { use crate::shared::Handle; }',
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/unix.rs': 'pub struct Fd;\npub struct Stat;\npub fn open() {}\n',
      'src/windows.rs': 'pub struct Handle;\npub struct Stat;\n',
      'src/shared.rs': 'pub struct Msvc;\npub struct Handle;\npub fn init() {}\n',
      'src/io/pipe.rs': 'pub struct Pipe;\n',
      // names the crate root's re-exports: they lead to the declaring files; `Handle` is windows.rs', no other branch names it; two branches
      // giving two files for `Stat` are the crate root's, and so is `Fd`, which windows.rs does not declare but its branch's glob might give
      'src/main.rs': 'use sys::{Fd, Handle, fallback};\nfn main() {}\n',
      'src/bin/stat.rs': 'use sys::Stat;\nfn main() {}\n',
    });
    expect(edges).toEqual([
      'src/bin/stat.rs → src/lib.rs (use)',
      'src/lib.rs → src/io/pipe.rs (mod)',
      'src/lib.rs → src/shared.rs (mod, path, use)',
      'src/lib.rs → src/unix.rs (mod, use)',
      'src/lib.rs → src/windows.rs (mod, use)',
      'src/main.rs → src/lib.rs (use)',
      'src/main.rs → src/windows.rs (use)',
    ]);
    // each at its own line, in the inline module around its macro
    const { paths } = (parsed.get('src/lib.rs')!.own as { facts: RustFacts }).facts;
    expect(paths.filter((p) => p.kind === 'use').map((p) => `${p.line} ${[...p.scope, ''].join('::')}${p.segments.join('::')}${p.glob ? '::*' : ''}`)).toEqual([
      '6 crate::unix::Fd',
      '6 crate::unix::Stat',
      '6 crate::unix::open',
      '8 self::windows::*',
      '9 crate::shared::Msvc',
      '16 io::super::unix::Fd',
      '17 io::crate::shared::Handle',
    ]);
  });
});
