/**
 * @module presentations/mcp/prompt
 * The `sextant_guide` prompt: how an agent should use the tools (discover → search → get →
 * write SQL). Every tool it names in backticks must exist and every tool must be named (write
 * tools in their own paragraph): test/mcp/prompt.test.ts keeps the two in step, so a new tool
 * fails that test until its line is written here.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const PROMPT_NAME = 'sextant_guide';

export const GUIDE = `You have Sextant: an index of the metadata of databases and APIs (schemas, tables, views, columns, keys, routines, GraphQL modules, business terms, human-written context). It never returns database rows and never runs SQL: you write the SQL.

1. Discover. \`list_sources\` shows what is connected. Walk down with \`list_objects\`: kind "schema" (databases) or "module" (GraphQL) first, then parent=<an id you got> for its members, paged with next_cursor.
2. Search. \`deep_search\` is the best first move for a question in words ("monthly revenue by category"): it mixes keywords and meaning over every kind (tables, columns, GraphQL data objects, terms, documents) and returns object ids with scores. Pass fields_query to see which columns of each table matter; mode "lexical" for identifiers you already know.
3. Read. \`describe\` gives what a query needs: for a table its columns with types, primary key and join conditions; for a GraphQL data object or function its fields, arguments and a ready operation; for a REST operation its ready request and, for each id it takes, the operation that yields it (call that one first). \`list_operations\` pages through a REST API's operations by tag, path prefix or method. \`get\` gives one object's full record (constraints, indexes, edges, context).
4. Check the business vocabulary. \`list_glossary\` lists the project's terms; \`get_glossary_sql\` gives a term's validated defining SQL (reuse it rather than reinventing "active customer"); \`list_glossary\` with related_to or topic finds neighbouring terms.
5. Write SQL from what you read: use the qualified names shown (schema.table), the join conditions from \`describe\` and the terms' SQL, and say which objects you relied on. For GraphQL sources \`graphql_query\` runs an operation as the calling user.

Code: \`onboarding_plan\` answers "where do I start to understand X?" in a code source: a seed file (named, or found from the request), the files it imports and that import it, and reading steps.

Context from the user: \`add_document\` adds notes or specs to this session only (kind "document" in search); remove: true drops one. \`set_active_projects\` switches which projects' sources and terms you search; \`status\` shows the session, projects and index.

Write tools appear only when the project's developer tools are on: \`create_glossary_term\`, \`update_glossary_term\` and \`delete_glossary_term\` change the shared glossary, so confirm with the user first.

Answers are paged and capped: watch "truncated" and next_cursor, narrow with kinds and sources, raise top_k (max 50) only when needed. Errors say what to fix (unknown source, object not found with suggestions, a bad argument by name).`;

export function registerGuidePrompt(server: McpServer): void {
  server.registerPrompt(
    PROMPT_NAME,
    { title: 'How to use Sextant', description: 'Workflow for answering data questions with these tools: discover, search, read, write SQL' },
    () => ({ messages: [{ role: 'user', content: { type: 'text', text: GUIDE } }] }),
  );
}
