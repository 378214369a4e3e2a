/**
 * @module adapters/connector/code/queries/graphql-refs
 * GraphQL operations in code: `gql` / `graphql` tagged templates and calls with a template,
 * Python `gql(...)` calls with a triple-quoted string, and whole `.graphql` / `.gql` files,
 * parsed with the `graphql` package
 * (`${…}` interpolations, usually fragments, become blanks of the same length so lines stay
 * right). Each selected field becomes a path from its root, `query.orders.total`, or from a
 * fragment's type, `Order.total`, with its line; aliases are read through, `__typename` and Apollo's
 * local-only fields (`@client`) left out.
 */
import { parse, type DocumentNode, type SelectionSetNode } from 'graphql';
import { lineAt } from '../text/lines.js';

export interface GraphqlFieldRef {
  /** `query|mutation|subscription.<field>…` or `<Type>.<field>…`. */
  path: string;
  line: number;
}

const TEMPLATE = /\b(?:gql|graphql)\s*(?:\(\s*)?`((?:\\[\s\S]|[^`\\])*)`/g;
/** Python's gql client library: `gql("""…""")`. */
const PYTHON_CALL = /\bgql\(\s*[rb]?("""|''')([\s\S]*?)\1/g;

const blankInterpolations = (body: string) => body.replace(/\$\{[^}]*\}/g, (m) => m.replace(/[^\n]/g, ' '));

function walk(set: SelectionSetNode | undefined, prefix: string, body: string, firstLine: number, out: Map<string, number>): void {
  for (const s of set?.selections ?? []) {
    if (s.kind === 'Field') {
      // `__typename`, and Apollo's local state (`cartItems @client`), which no server answers
      if (s.name.value.startsWith('__') || s.directives?.some((d) => d.name.value === 'client')) continue;
      const path = `${prefix}.${s.name.value}`;
      const line = firstLine + body.slice(0, s.loc?.start ?? 0).split('\n').length - 1;
      if (!out.has(path)) out.set(path, line);
      walk(s.selectionSet, path, body, firstLine, out);
    } else if (s.kind === 'InlineFragment') {
      walk(s.selectionSet, s.typeCondition ? s.typeCondition.name.value : prefix, body, firstLine, out);
    }
  }
}

function fieldsOf(body: string, firstLine: number, out: Map<string, number>): void {
  let doc: DocumentNode;
  try {
    doc = parse(blankInterpolations(body));
  } catch {
    return; // not GraphQL after all (or a fragment of one): no links
  }
  for (const def of doc.definitions) {
    if (def.kind === 'OperationDefinition') walk(def.selectionSet, def.operation, body, firstLine, out);
    else if (def.kind === 'FragmentDefinition') walk(def.selectionSet, def.typeCondition.name.value, body, firstLine, out);
  }
}

/** The fields the file's GraphQL operations and fragments select, each path once with its first line. */
export function graphqlFieldRefs(text: string, language: string): GraphqlFieldRef[] {
  const out = new Map<string, number>();
  if (language === 'graphql') fieldsOf(text, 1, out);
  else if (language === 'python') {
    for (const m of text.matchAll(PYTHON_CALL)) fieldsOf(m[2]!, lineAt(text, m.index + m[0].indexOf(m[1]!) + 3), out);
  } else if (/\b(?:gql|graphql)\s*(?:\(\s*)?`/.test(text)) {
    for (const m of text.matchAll(TEMPLATE)) fieldsOf(m[1]!, lineAt(text, m.index + m[0].indexOf('`') + 1), out);
  }
  return [...out].map(([path, line]) => ({ path, line }));
}
