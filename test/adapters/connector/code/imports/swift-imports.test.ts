/**
 * Swift: a package whose targets see each other's files by the names they mention (same module),
 * or by an import of another target; an Xcode-style app folder as one module; symbols without the
 * private ones. Real tree-sitter parses over a written tree.
 */
import { describe, expect, it } from 'vitest';
import { resolveTree } from '../../../../helpers/lang-tree.js';

const PACKAGE: Record<string, string> = {
  'Package.swift': [
    '// swift-tools-version:5.9',
    'import PackageDescription',
    'let package = Package(name: "Shop", targets: [',
    '  .target(name: "ShopCore"),',
    '  .target(name: "Billing", dependencies: ["ShopCore"], path: "Modules/Billing"),',
    '  .testTarget(name: "ShopCoreTests", dependencies: ["ShopCore"]),',
    '])',
  ].join('\n'),
  'Sources/ShopCore/Owner.swift': ['public struct Owner: Codable {', '  public let name: String', '  public func greet() -> String { "hi" }', '}'].join('\n'),
  'Sources/ShopCore/OwnerStore.swift': [
    'import Foundation',
    '',
    'public final class OwnerStore {',
    '  private var owners: [Owner] = []',
    '  public func add(_ o: Owner) { owners.append(o); log("added") }',
    '}',
    'private struct Hidden {}',
  ].join('\n'),
  'Sources/ShopCore/Log.swift': ['func log(_ message: String) { print(message) }', 'extension Owner: Identifiable { public var id: String { name } }'].join(
    '\n',
  ),
  'Modules/Billing/Invoice.swift': ['import ShopCore', '', 'struct Invoice {', '  let owner: Owner', '  let line: Ledger.Entry', '}'].join('\n'),
  'Modules/Billing/Ledger.swift': ['enum Ledger {', '  struct Entry {}', '}'].join('\n'),
  'Modules/Billing/Entry.swift': ['struct Entry {}'].join('\n'),
  'Tests/ShopCoreTests/OwnerStoreTests.swift': [
    'import XCTest',
    '@testable import ShopCore',
    '',
    'final class OwnerStoreTests: XCTestCase {',
    '  func testAdd() { OwnerStore().add(Owner(name: "a")) }',
    '}',
  ].join('\n'),
  'App/ContentView.swift': ['import SwiftUI', 'struct ContentView: View { var body: some View { Greeting() } }'].join('\n'),
  'App/Greeting.swift': ['import SwiftUI', 'struct Greeting: View { var body: some View { Text("hi") } }'].join('\n'),
};

describe('Swift imports', () => {
  it("links the files declaring what a file mentions, in its own target and in the targets it imports, not an extension's, a nested type by its outer one", async () => {
    const { edges } = await resolveTree(PACKAGE);
    expect(edges).toEqual([
      'App/ContentView.swift → App/Greeting.swift (same-module)',
      'Modules/Billing/Invoice.swift → Modules/Billing/Ledger.swift (same-module)',
      'Modules/Billing/Invoice.swift → Sources/ShopCore/Owner.swift (import)',
      'Sources/ShopCore/Log.swift → Sources/ShopCore/Owner.swift (same-module)',
      'Sources/ShopCore/OwnerStore.swift → Sources/ShopCore/Log.swift (same-module)',
      'Sources/ShopCore/OwnerStore.swift → Sources/ShopCore/Owner.swift (same-module)',
      'Tests/ShopCoreTests/OwnerStoreTests.swift → Sources/ShopCore/Owner.swift (import)',
      'Tests/ShopCoreTests/OwnerStoreTests.swift → Sources/ShopCore/OwnerStore.swift (import)',
    ]);
  });

  it('gives each declaration and method as a symbol, not the private ones', async () => {
    const { parsed } = await resolveTree(PACKAGE);
    expect(parsed.get('Sources/ShopCore/OwnerStore.swift')!.symbols.map((s) => `${s.kind} ${s.name}`)).toEqual(['class OwnerStore', 'method OwnerStore.add']);
    expect(parsed.get('Sources/ShopCore/Owner.swift')!.symbols.map((s) => `${s.kind} ${s.name}:${s.line}`)).toEqual(['struct Owner:1', 'method Owner.greet:3']);
  });
});
