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

1. Discover. \`list_sources\` shows what is connected. Walk down with \`list_schemas\` (a source's schemas) and \`list_objects\` (a schema's tables and views, paged with next_cursor).
2. Search. \`deep_search\` is the best first move for a question in words ("monthly revenue by category"): it mixes keywords and meaning and returns object ids with scores. Pass fields_query to see which columns of each table matter. \`search\` is exact keyword search, good for identifiers you already know.
3. Read. \`describe\` gives what SQL needs: columns with types, primary key, join conditions. \`get\` gives one object's full record (constraints, indexes, edges, context).
4. Check the business vocabulary. \`list_glossary\` lists the project's terms; \`get_glossary_sql\` gives a term's validated defining SQL (reuse it rather than reinventing "active customer"); \`find_related_terms\` and \`find_matching_clusters\` find neighbouring terms of a topic.
5. Write SQL from what you read: use the qualified names shown (schema.table), the join conditions from \`describe\` and the terms' SQL, and say which objects you relied on.

GraphQL (Hugr) sources: \`list_data_sources\`, then \`list_modules\` and \`list_data_objects\` one level at a time, \`describe\` a data object for its fields and a ready operation, and \`graphql_query\` to run it as the calling user.

Context from the user: \`add_document\` adds notes or specs to this session only (kind "document" in search); \`remove_document\` drops one. \`set_active_projects\` switches which projects' sources and terms you search; \`status\` shows the session, projects and index.

Write tools appear only when the project's developer tools are on: \`create_glossary_term\`, \`update_glossary_term\` and \`delete_glossary_term\` change the shared glossary, so confirm with the user first.

Answers are paged and capped: watch "truncated" and next_cursor, narrow with kinds and sources, raise top_k (max 50) only when needed. Errors say what to fix (unknown source, object not found with suggestions, a bad argument by name).`;

export function registerGuidePrompt(server: McpServer): void {
  server.registerPrompt(
    PROMPT_NAME,
    { title: 'How to use Sextant', description: 'Workflow for answering data questions with these tools: discover, search, read, write SQL' },
    () => ({ messages: [{ role: 'user', content: { type: 'text', text: GUIDE } }] }),
  );
}
