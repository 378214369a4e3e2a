/**
 * Dart: relative and `package:` imports, exports and parts resolved to files of the tree (the
 * package's own `lib/` and a sibling package of a monorepo), a `part of` by library name too,
 * `dart:` and pub packages no edge;
 * symbols without the library-private ones. Real tree-sitter parses over a written tree.
 */
import { describe, expect, it } from 'vitest';
import { resolveTree } from '../../../../helpers/lang-tree.js';

const TREE: Record<string, string> = {
  'app/pubspec.yaml': 'name: shop_app\ndependencies:\n  flutter:\n    sdk: flutter\n  shop_core:\n    path: ../core\n',
  'core/pubspec.yaml': 'name: shop_core\n',
  'app/lib/main.dart': [
    "import 'dart:async';",
    "import 'package:flutter/material.dart';",
    "import 'package:shop_app/src/owner_list.dart';",
    "import 'package:shop_core/shop_core.dart' as core show Owner;",
    '',
    'void main() => runApp(const OwnerList());',
  ].join('\n'),
  'app/lib/src/owner_list.dart': [
    "import '../widgets/owner_card.dart';",
    "part 'owner_list.g.dart';",
    '',
    '/// The owners, one card each.',
    'class OwnerList extends StatelessWidget {',
    '  const OwnerList({super.key});',
    '  Widget build(BuildContext context) => const OwnerCard();',
    '  void _refresh() {}',
    '}',
    'class _State {}',
  ].join('\n'),
  'app/lib/src/owner_list.g.dart': "// GENERATED CODE - DO NOT MODIFY BY HAND\npart of 'owner_list.dart';\n",
  'app/lib/widgets/owner_card.dart': 'class OwnerCard extends StatelessWidget {}\n',
  'core/lib/shop_core.dart': "library shop_core;\n\nexport 'src/owner.dart';\npart 'src/legacy.dart';\n",
  'core/lib/src/legacy.dart': 'part of shop_core;\n\nint legacy() => 0;\n',
  'core/lib/src/owner.dart': 'class Owner {\n  final String name;\n  Owner(this.name);\n  String greet() => name;\n}\nint helper() => 1;\n',
};

describe('Dart imports', () => {
  it('resolves relative and package: URIs (its own package and a sibling one), exports and parts (of a library by URI or by name); dart: and pub packages are no edge', async () => {
    const { edges } = await resolveTree(TREE);
    expect(edges).toEqual([
      'app/lib/main.dart → app/lib/src/owner_list.dart (import)',
      'app/lib/main.dart → core/lib/shop_core.dart (import)',
      'app/lib/src/owner_list.dart → app/lib/src/owner_list.g.dart (part)',
      'app/lib/src/owner_list.dart → app/lib/widgets/owner_card.dart (import)',
      'app/lib/src/owner_list.g.dart → app/lib/src/owner_list.dart (part-of)',
      'core/lib/shop_core.dart → core/lib/src/legacy.dart (part)',
      'core/lib/shop_core.dart → core/lib/src/owner.dart (export)',
      'core/lib/src/legacy.dart → core/lib/shop_core.dart (part-of)',
    ]);
  });

  it('gives classes, their methods and top-level functions as symbols, not the library-private ones', async () => {
    const { parsed } = await resolveTree(TREE);
    expect(parsed.get('app/lib/src/owner_list.dart')!.symbols.map((s) => `${s.kind} ${s.name}:${s.line}`)).toEqual([
      'class OwnerList:5',
      'method OwnerList.build:7',
    ]);
    expect(parsed.get('core/lib/src/owner.dart')!.symbols.map((s) => `${s.kind} ${s.name}`)).toEqual(['class Owner', 'method Owner.greet', 'function helper']);
  });
});
