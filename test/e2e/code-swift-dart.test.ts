/**
 * Swift and Dart imports through the built CLI: a code source over a Swift package and a Flutter
 * app, `update`, then `get` of a file shows its imports and importers and its symbols, and
 * `plan --seed` walks from a Swift view and a Dart page to the files they build on; an Xcode
 * test target's file is planned as a test, not as an entry point.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { writeFiles } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'pets');

const FILES: Record<string, string> = {
  'ios/Package.swift': 'let package = Package(name: "Pets", targets: [.target(name: "PetsKit"), .testTarget(name: "PetsKitTests")])\n',
  'ios/Sources/PetsKit/Pet.swift': '/// A pet of the shelter.\npublic struct Pet {\n  public let name: String\n  public func greet() -> String { name }\n}\n',
  'ios/Sources/PetsKit/PetStore.swift':
    'public final class PetStore {\n  private var pets: [Pet] = []\n  public func adopt(_ pet: Pet) { pets.append(pet) }\n}\n',
  'ios/Sources/PetsKit/PetListView.swift': 'import SwiftUI\n\nstruct PetListView: View {\n  let store: PetStore\n  var body: some View { Text("pets") }\n}\n',
  'ios/Tests/PetsKitTests/PetStoreTests.swift':
    'import XCTest\n@testable import PetsKit\n\nfinal class PetStoreTests: XCTestCase {\n  func testAdopt() { PetStore().adopt(Pet(name: "Rex")) }\n}\n',
  // an Xcode app and its test target, each a top folder, the tests named by the target alone
  'PetsApp/ContentView.swift': 'import SwiftUI\n\nstruct ContentView: View {\n  var body: some View { Greeting() }\n}\n',
  'PetsApp/Greeting.swift': 'import SwiftUI\n\nstruct Greeting: View {\n  var body: some View { Text("hi") }\n}\n',
  'PetsAppTests/GreetingChecks.swift':
    'import XCTest\n@testable import PetsApp\n\nfinal class GreetingChecks: XCTestCase {\n  func testBody() { _ = Greeting().body }\n}\n',
  'app/pubspec.yaml': 'name: pets_app\n',
  'app/lib/main.dart': "import 'package:flutter/material.dart';\nimport 'package:pets_app/pages/pet_page.dart';\n\nvoid main() => runApp(const PetPage());\n",
  'app/lib/pages/pet_page.dart':
    "import '../models/pet.dart';\n\nclass PetPage extends StatelessWidget {\n  const PetPage({super.key});\n  Widget build(BuildContext context) => Text(Pet('Rex').name);\n}\n",
  'app/lib/models/pet.dart': 'class Pet {\n  final String name;\n  Pet(this.name);\n  String greet() => name;\n}\n',
};

beforeAll(async () => {
  writeFiles(repo, FILES);
  const add = await runCli(['source', 'add', 'code', repo, '--name', 'pets', '--json'], env);
  expect(add.code, add.stderr).toBe(0);
  const update = await runCli(['update', '--source', 'pets', '--json'], env, { timeoutMs: 120_000 });
  expect(update.code, update.stderr + update.stdout).toBe(0);
}, 180_000);

afterAll(() => home.cleanup());

const get = async (path: string) => {
  const got = await runCli(['get', `pets:code_file:${path}`, '--json'], env);
  expect(got.code, got.stderr).toBe(0);
  return {
    imports: got.json.outgoing.map((e: { toId: string }) => e.toId.split(':')[2]).sort(),
    importers: got.json.incoming.map((e: { fromId: string }) => e.fromId.split(':')[2]).sort(),
    symbols: got.json.children.map((c: { name: string }) => c.name),
  };
};

describe('Swift and Dart files in the import graph', () => {
  it('get of a Swift file: the files of its module using it, a test target importing it; its symbols', async () => {
    expect(await get('ios/Sources/PetsKit/PetStore.swift')).toEqual({
      imports: ['ios/Sources/PetsKit/Pet.swift'],
      importers: ['ios/Sources/PetsKit/PetListView.swift', 'ios/Tests/PetsKitTests/PetStoreTests.swift'],
      symbols: ['PetStore', 'PetStore.adopt'],
    });
  });

  it('get of a Dart page: its relative import and the package: import of it', async () => {
    expect(await get('app/lib/pages/pet_page.dart')).toEqual({
      imports: ['app/lib/models/pet.dart'],
      importers: ['app/lib/main.dart'],
      symbols: ['PetPage', 'PetPage.build'],
    });
  });

  it('plan --seed walks from a Swift view and a Dart entry point to what they build on; an Xcode test target’s file is planned as a test, not an entry point', async () => {
    const swift = await runCli(['plan', 'adopt a pet', '--seed', 'ios/Sources/PetsKit/PetListView.swift', '--depth', '2', '--json'], env);
    expect(swift.code, swift.stderr).toBe(0);
    expect(swift.json.context.relatedFiles).toEqual(expect.arrayContaining(['ios/Sources/PetsKit/PetStore.swift', 'ios/Sources/PetsKit/Pet.swift']));
    const xcode = await runCli(['plan', 'greeting', '--seed', 'PetsApp/Greeting.swift', '--json'], env);
    expect(xcode.code, xcode.stderr).toBe(0);
    const steps = xcode.json.plan.steps as Array<{ title: string; files: string[] }>;
    expect(steps.find((s) => /entry point/i.test(s.title))?.files).toEqual(['PetsApp/ContentView.swift']);
    expect(steps.find((s) => /tested/i.test(s.title))?.files).toEqual(['PetsAppTests/GreetingChecks.swift']);
    const dart = await runCli(['plan', 'show a pet', '--seed', 'app/lib/main.dart', '--depth', '2', '--json'], env);
    expect(dart.code, dart.stderr).toBe(0);
    expect(dart.json.context.relatedFiles).toEqual(expect.arrayContaining(['app/lib/pages/pet_page.dart', 'app/lib/models/pet.dart']));
  });
});
