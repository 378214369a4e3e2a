/**
 * @module core/graphql/operation-type
 * Which kind of operation a GraphQL document runs (the policy "mutations only with developer
 * tools" is decided here, in core, before anything is sent).
 */
import { SextantError } from '../../kernel/errors.js';

/** graphql-js loads on first use only, so commands that never run a query do not pay for it. */
export async function operationTypeOf(query: string, operationName?: string): Promise<'query' | 'mutation' | 'subscription'> {
  const { Kind, parse } = await import('graphql');
  let document;
  try {
    document = parse(query);
  } catch (err) {
    throw new SextantError('USAGE', `the GraphQL text does not parse: ${(err as Error).message}`, {
      hint: 'fix the syntax (describe the object for a ready operation), then retry',
    });
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const chosen = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!chosen) {
    throw new SextantError('USAGE', operationName ? `no operation named '${operationName}'` : 'the document holds several operations', {
      hint: 'pass operationName',
    });
  }
  return chosen.operation;
}
