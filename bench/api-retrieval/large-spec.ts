/**
 * A generated spec for the ingest measurement: `resources` REST resources, each with list, get,
 * create, update, delete and a sub-resource list (6 operations), and 9 schemas (entity, summary,
 * page, inputs, stats, audit, link, error, with `$ref`s between them): 340 resources make 2,040
 * operations and 3,060 schemas.
 */
export function generateLargeSpec(resources: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  for (let i = 0; i < resources; i++) {
    const name = `Resource${i}`;
    const plural = `resource${i}s`;
    const idParam = { name: `resource${i}_id`, in: 'path', required: true, schema: { type: 'string' }, description: `Id of the ${name}` };
    schemas[name] = {
      type: 'object',
      description: `A ${name} with owner and tags`,
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        owner: ref(`Resource${(i + 1) % resources}Summary`),
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    schemas[`${name}Summary`] = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
    schemas[`${name}Page`] = { type: 'object', properties: { items: { type: 'array', items: ref(`${name}Summary`) }, next: { type: 'string' } } };
    for (const extra of ['Create', 'Update', 'Stats', 'Audit', 'Link', 'Error']) {
      schemas[`${name}${extra}`] = {
        type: 'object',
        description: `${extra} of a ${name}`,
        properties: { [`${extra.toLowerCase()}_at`]: { type: 'string', format: 'date-time' }, of: ref(`${name}Summary`) },
      };
    }
    paths[`/${plural}`] = {
      get: {
        operationId: `list${name}`,
        summary: `List ${plural}`,
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { 200: json(ref(`${name}Page`)) },
      },
      post: { operationId: `create${name}`, summary: `Create a ${name}`, requestBody: json(ref(`${name}Create`)), responses: { 201: json(ref(name)) } },
    };
    paths[`/${plural}/{resource${i}_id}`] = {
      parameters: [idParam],
      get: { operationId: `get${name}`, summary: `Get a ${name}`, responses: { 200: json(ref(name)) } },
      put: { operationId: `update${name}`, summary: `Update a ${name}`, requestBody: json(ref(`${name}Update`)), responses: { 200: json(ref(name)) } },
      delete: { operationId: `delete${name}`, summary: `Delete a ${name}`, responses: { 204: { description: 'deleted' } } },
    };
    paths[`/${plural}/{resource${i}_id}/children`] = {
      get: { operationId: `children${name}`, summary: `Children of a ${name}`, parameters: [idParam], responses: { 200: json(ref(`${name}Page`)) } },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Generated large API', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: { schemas },
  };
}
