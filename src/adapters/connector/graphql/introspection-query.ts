/**
 * @module adapters/connector/graphql/introspection-query
 * The introspection query, with Hugr's extension fields when asked. It selects a flat type list
 * with type references only, so it stays within Hugr's depth budget (HUGR.md §1.3). Fields the
 * server cannot resolve are recognised in its error messages so the caller can drop them.
 */

export const HUGR_TYPE_FIELDS = ['hugr_type', 'module', 'catalog'] as const;
export const HUGR_FIELD_FIELDS = ['hugr_type', 'catalog', 'mcp_exclude'] as const;

export interface IntrospectionShape {
  typeExtensions: readonly string[];
  fieldExtensions: readonly string[];
  /** `ofType` levels under a type reference (default 4); lowered for servers with a tight depth budget. */
  refDepth?: number | undefined;
  /** Select field arguments (default true); the deepest part of the query, dropped last. */
  withArgs?: boolean | undefined;
}

export const HUGR_SHAPE: IntrospectionShape = { typeExtensions: HUGR_TYPE_FIELDS, fieldExtensions: HUGR_FIELD_FIELDS };
export const PLAIN_SHAPE: IntrospectionShape = { typeExtensions: [], fieldExtensions: [] };

/**
 * Four wrappers (`[T!]!` needs three), the depth HUGR.md §1.3 says a standard query uses: Hugr's
 * resolver spends its MAX_DEPTH budget (default 7) on nested hops, so deeper refs buy nothing.
 */
export const DEFAULT_REF_DEPTH = 4;

export function typeRefFragment(depth: number): string {
  let inner = 'kind name';
  for (let i = 0; i < depth; i++) inner = `kind name ofType { ${inner} }`;
  return `fragment TypeRef on __Type { ${inner} }`;
}

export function fullTypeFragment(shape: IntrospectionShape): string {
  const args = shape.withArgs === false ? '' : 'args { ...InputValue } ';
  return [
    `fragment FullType on __Type { kind name description ${shape.typeExtensions.join(' ')}`,
    `  fields(includeDeprecated: true) { name description ${shape.fieldExtensions.join(' ')} ${args}type { ...TypeRef } isDeprecated deprecationReason }`,
    '  inputFields { ...InputValue } interfaces { ...TypeRef } enumValues(includeDeprecated: true) { name description } possibleTypes { ...TypeRef } }',
    'fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }',
    typeRefFragment(shape.refDepth ?? DEFAULT_REF_DEPTH),
  ].join('\n');
}

/** The shallowest useful introspection: root names and the flat type list (one hop). */
export function typeListQuery(): string {
  return 'query SextantTypeList { __schema { queryType { name } mutationType { name } subscriptionType { name } types { kind name description } } }';
}

/** Hugr's resolver refuses a selection deeper than its MAX_DEPTH budget (HUGR.md §1.3). */
export function isDepthExceeded(messages: readonly string[]): boolean {
  return messages.some((m) => /max(imum)? depth|depth limit|too deep/i.test(m));
}

export function introspectionQuery(shape: IntrospectionShape): string {
  return `query SextantIntrospection { __schema { queryType { name } mutationType { name } subscriptionType { name } types { ...FullType } } }\n${fullTypeFragment(shape)}`;
}

/** `__type` for several names in one request (aliases t0, t1, …). */
export function typesQuery(names: readonly string[], shape: IntrospectionShape): string {
  return `query SextantTypes { ${names.map((n, i) => `t${i}: __type(name: ${JSON.stringify(n)}) { ...FullType }`).join(' ')} }\n${fullTypeFragment(shape)}`;
}

/**
 * Names of introspection fields an error message says cannot be selected: graphql-js
 * (`Cannot query field "x" on type "__Type"`) and Hugr (`x: couldn't find field resolver`).
 */
export function unresolvableFields(messages: readonly string[]): string[] {
  const out = new Set<string>();
  for (const m of messages) {
    for (const match of m.matchAll(/Cannot query field "([^"]+)" on type "__(Type|Field)"/g)) out.add(match[1]!);
    for (const match of m.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*): couldn't find field resolver/g)) out.add(match[1]!);
  }
  return [...out];
}

export function withoutFields(shape: IntrospectionShape, names: readonly string[]): IntrospectionShape {
  return {
    ...shape,
    typeExtensions: shape.typeExtensions.filter((f) => !names.includes(f)),
    fieldExtensions: shape.fieldExtensions.filter((f) => !names.includes(f)),
  };
}

export function isIntrospectionDisabled(messages: readonly string[]): boolean {
  return messages.some((m) => /introspection/i.test(m) && /(disabled|not allowed|forbidden|prohibited)/i.test(m));
}
