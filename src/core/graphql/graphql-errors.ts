/**
 * @module core/graphql/graphql-errors
 * Makes GraphQL errors actionable for an agent: an unknown field gets the nearest field names of
 * that type from the index; a missing required filter or argument says which one to add.
 */
import type { ExecuteError } from '../../ports/connector.js';
import type { CatalogStore } from '../../ports/store.js';
import { closest } from '../../kernel/suggest.js';

export interface ActionableError extends ExecuteError {
  hint?: string;
  suggestions?: string[];
}

/** Field names of a GraphQL type as the index knows them (data objects and plain types). */
async function fieldsOfType(store: CatalogStore, source: string, typeName: string): Promise<string[]> {
  const objects = await store.sourceObjects(source);
  const owner = objects.find((o) => (o.kind === 'data_object' && o.attributes.typeName === typeName) || (o.kind === 'graphql_type' && o.name === typeName));
  if (!owner) return [];
  return objects.filter((o) => o.parentId === owner.id && o.kind === 'graphql_field').map((o) => o.name);
}

export async function explainErrors(store: CatalogStore, source: string, errors: readonly ExecuteError[]): Promise<ActionableError[]> {
  const out: ActionableError[] = [];
  for (const e of errors) {
    const unknown = /Cannot query field "([^"]+)" on type "([^"]+)"/.exec(e.message);
    const missingInput = /Field "([^".]+)\.([^"]+)" of required type "([^"]+)" was not provided/.exec(e.message);
    const missingArg =
      /Argument "([^"]+)" of required type "([^"]+)" was not provided/.exec(e.message) ?? /argument "([^"]+)" of type "([^"]+)" is required/i.exec(e.message);
    if (unknown) {
      const suggestions = closest(unknown[1]!, await fieldsOfType(store, source, unknown[2]!), 3);
      out.push({
        ...e,
        ...(suggestions.length
          ? { suggestions, hint: `${unknown[2]} has no field ${unknown[1]}; nearest: ${suggestions.join(', ')}` }
          : { hint: `describe the object to see the fields of ${unknown[2]}` }),
      });
    } else if (missingInput) {
      const isFilter = /_filter$/.test(missingInput[1]!);
      out.push({
        ...e,
        hint: isFilter
          ? `every filter on ${missingInput[1]!.replace(/_filter$/, '')} must include ${missingInput[2]} (a required filter field), e.g. filter: {${missingInput[2]}: {eq: …}}`
          : `add ${missingInput[2]} (${missingInput[3]}) to the ${missingInput[1]} input`,
      });
    } else if (missingArg) {
      out.push({ ...e, hint: `add the required argument ${missingArg[1]}: ${missingArg[2]}` });
    } else if (/^forbidden$/i.test(e.message.trim())) {
      out.push({ ...e, hint: 'the user’s role may not read a field or query in this operation; remove it or ask for access' });
    } else out.push({ ...e });
  }
  return out;
}
