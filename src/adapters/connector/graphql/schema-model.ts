/**
 * @module adapters/connector/graphql/schema-model
 * The introspection result as the connector reads it: standard `__schema` JSON plus Hugr's
 * extension fields (`hugr_type`, `module`, `catalog`, `mcp_exclude`) where the server has them.
 */

export interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

export interface IntroInputValue {
  name: string;
  description: string | null;
  type: TypeRef;
  defaultValue: string | null;
}

export interface IntroField {
  name: string;
  description: string | null;
  args: IntroInputValue[];
  type: TypeRef;
  isDeprecated?: boolean;
  deprecationReason?: string | null;
  hugr_type?: string | null;
  catalog?: string | null;
  mcp_exclude?: boolean | null;
}

export interface IntroType {
  kind: string;
  name: string;
  description: string | null;
  fields: IntroField[] | null;
  inputFields: IntroInputValue[] | null;
  enumValues: Array<{ name: string; description: string | null }> | null;
  interfaces?: TypeRef[] | null;
  possibleTypes?: TypeRef[] | null;
  hugr_type?: string | null;
  module?: string | null;
  catalog?: string | null;
}

export interface IntroSchema {
  queryType: { name: string } | null;
  mutationType: { name: string } | null;
  subscriptionType?: { name: string } | null;
  types: IntroType[];
  directives?: unknown[];
}

/** The named type under list and non-null wrappers. */
export function namedType(ref: TypeRef): string {
  let r: TypeRef | null = ref;
  while (r && !r.name) r = r.ofType;
  return r?.name ?? 'Unknown';
}

export function namedKind(ref: TypeRef): string {
  let r: TypeRef | null = ref;
  while (r && !r.name) r = r.ofType;
  return r?.kind ?? 'SCALAR';
}

/** SDL spelling of a type reference: `[pg_orders!]!`. */
export function printTypeRef(ref: TypeRef): string {
  if (ref.kind === 'NON_NULL') return `${ref.ofType ? printTypeRef(ref.ofType) : 'Unknown'}!`;
  if (ref.kind === 'LIST') return `[${ref.ofType ? printTypeRef(ref.ofType) : 'Unknown'}]`;
  return ref.name ?? 'Unknown';
}

export function isListType(ref: TypeRef): boolean {
  let r: TypeRef | null = ref;
  while (r) {
    if (r.kind === 'LIST') return true;
    r = r.ofType;
  }
  return false;
}

export function isRequired(ref: TypeRef): boolean {
  return ref.kind === 'NON_NULL';
}

/** Index over the types of one introspection result. */
export class SchemaIndex {
  readonly types: ReadonlyMap<string, IntroType>;
  readonly queryType: string | null;
  readonly mutationType: string | null;
  readonly subscriptionType: string | null;
  /** True when the server answered Hugr's extension fields. */
  readonly hugr: boolean;

  constructor(schema: IntroSchema) {
    this.types = new Map(schema.types.map((t) => [t.name, t]));
    this.queryType = schema.queryType?.name ?? null;
    this.mutationType = schema.mutationType?.name ?? null;
    this.subscriptionType = schema.subscriptionType?.name ?? null;
    this.hugr = schema.types.some((t) => typeof t.hugr_type === 'string');
  }

  get(name: string | null | undefined): IntroType | undefined {
    return name ? this.types.get(name) : undefined;
  }

  field(typeName: string, fieldName: string): IntroField | undefined {
    return this.get(typeName)?.fields?.find((f) => f.name === fieldName);
  }
}
