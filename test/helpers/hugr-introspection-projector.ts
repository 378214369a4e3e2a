/**
 * Test helper: answers `__schema` / `__type` the way Hugr does (HUGR.md §1.3, §9) — outside the
 * normal executor, by walking the request's selection set over stored introspection JSON.
 * Reproduced: extension fields, unknown introspection fields fail the whole request
 * (`<name>: couldn't find field resolver`), the depth budget (JSON substituted near the end,
 * `max depth exceeded` at zero), `__type` of an unknown name (G1 error, G2+ null), G3 meta types
 * resolvable through `__type` only, and fields hidden from a role left out.
 */
import type { MetaTree } from './hugr-meta-catalog.js';
import { type FieldNode, type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode, type ValueNode, valueFromASTUntyped } from 'graphql';

export type Generation = 'G1' | 'G2' | 'G3';

const RESOLVABLE: Record<string, ReadonlySet<string>> = {
  __Schema: new Set(['description', 'types', 'queryType', 'mutationType', 'subscriptionType', 'directives']),
  __Type: new Set([
    'kind',
    'name',
    'description',
    'fields',
    'inputFields',
    'interfaces',
    'enumValues',
    'possibleTypes',
    'ofType',
    'specifiedByURL',
    'hugr_type',
    'module',
    'catalog',
  ]),
  __Field: new Set(['name', 'description', 'args', 'type', 'isDeprecated', 'deprecationReason', 'hugr_type', 'catalog', 'mcp_exclude']),
  __InputValue: new Set(['name', 'description', 'type', 'defaultValue']),
  __EnumValue: new Set(['name', 'description', 'isDeprecated', 'deprecationReason']),
  __Directive: new Set(['name', 'description', 'locations', 'args', 'isRepeatable']),
};
const COUNTED = new Set(['types', 'fields', 'inputFields', 'args', 'enumValues', 'possibleTypes', 'interfaces']);

export interface ProjectorOptions {
  schema: any;
  generation: Generation;
  maxDepth: number;
  /** `typeName` → field names hidden from the caller's role. */
  hidden: Record<string, readonly string[]>;
  /** Types resolvable by `__type` but absent from `__schema.types` (G3 meta types). */
  metaTypes?: any[];
  /** Introspection fields this server cannot resolve (older versions), e.g. `mcp_exclude`. */
  unresolvable?: readonly string[];
  /** G3 `_dataSources` rows (`_DataSource` shape). */
  dataSources?: Array<Record<string, unknown>>;
  /** G3 logical model for `_catalog`, `_module`, `_dataObject`, `_function`. */
  metaTree?: MetaTree;
  /** Every `type`/`ofType` hop spends a unit too (a stricter MAX_DEPTH, so long reference chains hit the limit). */
  countTypeRefs?: boolean;
  /**
   * Field arguments' types answered as the `JSON` scalar, with no error: what query-engine's
   * argumentResolver does once the budget left is 2 or less (MAX_DEPTH ≤ 4, `pkg/metadata/schema.go`).
   */
  argumentTypesAsJson?: boolean;
}

const JSON_SCALAR = { kind: 'SCALAR', name: 'JSON', ofType: null };

export class IntrospectionProjector {
  private readonly types: Map<string, any>;
  constructor(private readonly options: ProjectorOptions) {
    this.types = new Map((options.schema.types as any[]).map((t) => [t.name, t]));
    for (const t of options.metaTypes ?? []) this.types.set(t.name, t);
  }

  private fullType(ref: any): any {
    if (!ref) return null;
    if (ref.kind === 'NON_NULL' || ref.kind === 'LIST') return ref;
    const full = this.types.get(ref.name);
    if (!full) return ref;
    const hidden = this.options.hidden[full.name];
    if (!hidden || !full.fields) return full;
    return { ...full, fields: full.fields.filter((f: any) => !hidden.includes(f.name)) };
  }

  project(selection: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, variables: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const field of this.fields(selection, fragments)) {
      const key = field.alias?.value ?? field.name.value;
      if (field.name.value === '__typename') out[key] = 'Query';
      else if (field.name.value === '_dataSources') {
        const wanted = this.fields(field.selectionSet, fragments).map((f) => [f.alias?.value ?? f.name.value, f.name.value] as const);
        out[key] = (this.options.dataSources ?? []).map((row) => Object.fromEntries(wanted.map(([k, n]) => [k, row[n] ?? null])));
      } else if (['_catalog', '_module', '_dataObject', '_function'].includes(field.name.value) && this.options.metaTree) {
        const tree = this.options.metaTree;
        const arg = (n: string) => {
          const a = field.arguments?.find((x) => x.name.value === n);
          return a ? String(valueFromASTUntyped(a.value as ValueNode, variables)) : '';
        };
        const node =
          field.name.value === '_catalog'
            ? tree.root
            : field.name.value === '_module'
              ? tree.modules.get(arg('name'))
              : field.name.value === '_dataObject'
                ? tree.dataObjects.get(arg('name'))
                : tree.functions.get(`${arg('module')}.${arg('name')}`);
        out[key] = this.plain(node ?? null, field, fragments, this.options.maxDepth - 1);
      } else if (field.name.value === '__schema') {
        const s = this.options.schema;
        const schemaValue = { ...s, description: s.description ?? null, types: s.types.map((t: any) => this.fullType(t)) };
        out[key] = this.value('__Schema', schemaValue, field, fragments, variables, this.options.maxDepth);
      } else if (field.name.value === '__type') {
        const arg = field.arguments?.find((a) => a.name.value === 'name');
        const name = arg ? (valueFromASTUntyped(arg.value as ValueNode, variables) as string) : '';
        const type = this.types.get(name);
        if (!type) {
          if (this.options.generation === 'G1') throw new GraphQLError(`type not found: ${name}`);
          out[key] = null;
        } else out[key] = this.value('__Type', this.fullType(type), field, fragments, variables, this.options.maxDepth - 1);
      }
    }
    return out;
  }

  /** Meta objects (plain JSON): unknown fields fail the request, every nested selection spends a unit. */
  private plain(value: any, node: FieldNode, fragments: Record<string, FragmentDefinitionNode>, budget: number): unknown {
    if (value === null || value === undefined) return null;
    if (Array.isArray(value)) return value.map((v) => this.plain(v, node, fragments, budget));
    const out: Record<string, unknown> = {};
    for (const f of this.fields(node.selectionSet, fragments)) {
      const name = f.name.value;
      const key = f.alias?.value ?? name;
      if (name === '__typename') continue;
      if (!(name in value) || this.options.unresolvable?.includes(name)) throw new GraphQLError(`${name}: couldn't find field resolver`);
      if (!f.selectionSet) out[key] = value[name];
      else {
        if (budget <= 0) throw new GraphQLError('max depth exceeded');
        out[key] = this.plain(value[name], f, fragments, budget - 1);
      }
    }
    return out;
  }

  private fields(selection: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>): FieldNode[] {
    const out: FieldNode[] = [];
    for (const s of selection?.selections ?? []) {
      if (s.kind === Kind.FIELD) out.push(s);
      else if (s.kind === Kind.INLINE_FRAGMENT) out.push(...this.fields(s.selectionSet, fragments));
      else if (s.kind === Kind.FRAGMENT_SPREAD) out.push(...this.fields(fragments[s.name.value]?.selectionSet, fragments));
    }
    return out;
  }

  private value(
    typeName: string,
    value: any,
    node: FieldNode,
    fragments: Record<string, FragmentDefinitionNode>,
    variables: Record<string, unknown>,
    budget: number,
  ): unknown {
    if (value === null || value === undefined) return null;
    if (Array.isArray(value)) return value.map((v) => this.value(typeName, v, node, fragments, variables, budget));
    const out: Record<string, unknown> = {};
    for (const f of this.fields(node.selectionSet, fragments)) {
      const name = f.name.value;
      const key = f.alias?.value ?? name;
      if (name === '__typename') {
        out[key] = typeName;
        continue;
      }
      if (!RESOLVABLE[typeName]!.has(name) || this.options.unresolvable?.includes(name)) throw new GraphQLError(`${name}: couldn't find field resolver`);
      let v = value[name];
      if (['queryType', 'mutationType', 'subscriptionType'].includes(name)) v = v ? this.fullType(v) : null;
      if (!f.selectionSet) {
        out[key] = v === undefined ? (name === 'hugr_type' || name === 'module' || name === 'catalog' ? '' : name === 'mcp_exclude' ? false : null) : v;
        continue;
      }
      const counted = COUNTED.has(name) || (this.options.countTypeRefs === true && (name === 'type' || name === 'ofType'));
      const expandsType = this.fields(f.selectionSet, fragments).some((x) => x.name.value === 'fields' || x.name.value === 'inputFields');
      if (counted && budget <= 0) throw new GraphQLError('max depth exceeded');
      if ((name === 'type' || name === 'ofType') && expandsType && budget <= 2) {
        out[key] = this.value(
          '__Type',
          { kind: 'SCALAR', name: 'JSON', ofType: null, fields: null, inputFields: null, enumValues: null, interfaces: null, possibleTypes: null },
          f,
          fragments,
          variables,
          budget,
        );
        continue;
      }
      const child =
        name === 'types' ||
        name === 'possibleTypes' ||
        name === 'interfaces' ||
        name === 'type' ||
        name === 'ofType' ||
        name === 'queryType' ||
        name === 'mutationType' ||
        name === 'subscriptionType'
          ? '__Type'
          : name === 'fields'
            ? '__Field'
            : name === 'args' || name === 'inputFields'
              ? '__InputValue'
              : name === 'enumValues'
                ? '__EnumValue'
                : name === 'directives'
                  ? '__Directive'
                  : '__Type';
      const collapsed =
        name === 'args' && typeName === '__Field' && this.options.argumentTypesAsJson && Array.isArray(v)
          ? v.map((a: any) => ({ ...a, type: JSON_SCALAR }))
          : v;
      const resolved = child === '__Type' && (name === 'type' || name === 'ofType') && v && expandsType ? this.fullType(v) : collapsed;
      out[key] = this.value(
        child,
        resolved ?? null,
        f,
        fragments,
        variables,
        counted || (expandsType && (name === 'type' || name === 'ofType')) ? budget - 1 : budget,
      );
    }
    return out;
  }
}
