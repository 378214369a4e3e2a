/**
 * Test helper: a buildable schema from the engine's golden snapshots (../shared/hugr/fixtures/
 * real/query-engine/golden). The snapshots hold the generated definitions only (SOURCES.md), so
 * Hugr's directives are declared from their usages and every referenced type the snapshot does
 * not define (scalars, system filter and aggregation types) is stubbed as a scalar. Selections
 * into stubbed types would fail validation, so only operations that stay on generated types are
 * checked precisely — which is what generated operations do.
 */
import { type DefinitionNode, type DirectiveDefinitionNode, Kind, buildASTSchema, parse, visit } from 'graphql';
import { readFixture } from './hugr-fixtures.js';

const BUILTIN = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

export function goldenSdl(name: 'harness' | 'multi' | 'vector'): string {
  return readFixture(`real/query-engine/golden/${name}.graphql`);
}

export function buildGoldenSchema(sdl: string) {
  const doc = parse(sdl);
  const defined = new Set<string>();
  const referenced = new Set<string>();
  const directives = new Map<string, Set<string>>();
  visit(doc, {
    ObjectTypeDefinition: (n) => void defined.add(n.name.value),
    InputObjectTypeDefinition: (n) => void defined.add(n.name.value),
    EnumTypeDefinition: (n) => void defined.add(n.name.value),
    ScalarTypeDefinition: (n) => void defined.add(n.name.value),
    InterfaceTypeDefinition: (n) => void defined.add(n.name.value),
    UnionTypeDefinition: (n) => void defined.add(n.name.value),
    NamedType: (n) => void referenced.add(n.name.value),
    Directive: (n) => {
      const args = directives.get(n.name.value) ?? new Set<string>();
      for (const a of n.arguments ?? []) args.add(a.name.value);
      directives.set(n.name.value, args);
    },
  });
  const extra: DefinitionNode[] = [];
  for (const name of referenced) if (!defined.has(name) && !BUILTIN.has(name)) extra.push(...parse(`scalar ${name}`).definitions);
  for (const [name, args] of directives) {
    const argList = args.size ? `(${[...args].map((a) => `${a}: _Any`).join(', ')})` : '';
    extra.push(
      ...(parse(
        `directive @${name}${argList} repeatable on OBJECT | FIELD_DEFINITION | INPUT_OBJECT | INPUT_FIELD_DEFINITION | ENUM | ENUM_VALUE | ARGUMENT_DEFINITION | SCALAR | INTERFACE | UNION`,
      ).definitions as DirectiveDefinitionNode[]),
    );
  }
  extra.push(...parse('scalar _Any').definitions);
  return buildASTSchema({ kind: Kind.DOCUMENT, definitions: [...doc.definitions, ...extra] }, { assumeValidSDL: true });
}
