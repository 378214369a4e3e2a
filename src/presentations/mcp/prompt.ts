/**
 * @module presentations/mcp/prompt
 * The `sextant_guide` prompt: how an agent should use the tools (discover → search → get →
 * write SQL). Every tool it names in backticks must be a listed tool and every always-listed
 * tool must be named: test/mcp/prompt.test.ts keeps the two in step.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const PROMPT_NAME = 'sextant_guide';

export const GUIDE = `You have Sextant: an index of database metadata (schemas, tables, views, columns, keys, routines, human-written context). It never returns row values and never runs SQL; you write the SQL.

1. Discover. \`list_sources\` shows what is connected. Walk down with \`list_schemas\` (a source's schemas) and \`list_objects\` (a schema's tables and views, paged with next_cursor).
2. Search. \`deep_search\` is the best first move for a question in words ("monthly revenue by category"): it mixes keywords and meaning and returns object ids with scores. Pass fields_query to see which columns of each table matter. \`search\` is exact keyword search, good for identifiers you already know.
3. Read. \`describe\` gives what SQL needs: columns with types, primary key, join conditions. \`get\` gives one object's full record (constraints, indexes, edges, context).
GraphQL (Hugr) sources: \`list_data_sources\`, then \`list_modules\` level by level, \`list_data_objects\` of a module, \`describe\` one for its ready operation, and \`graphql_query\` runs it with the user's own token.
4. Write SQL from what you read: use the qualified names shown (schema.table), the join conditions from \`describe\`, and say which objects you relied on.

Context from the user: \`add_document\` adds notes or specs to this session only (kind "document" in search); \`remove_document\` drops one. \`set_active_projects\` switches which projects' sources you search; \`status\` shows the session, projects and index.

Answers are paged and capped: watch "truncated" and next_cursor, narrow with kinds and sources, raise top_k (max 50) only when needed. Errors say what to fix (unknown source, object not found with suggestions, a bad argument by name). Write tools appear only when the project's developer tools are on.`;

export function registerGuidePrompt(server: McpServer): void {
  server.registerPrompt(
    PROMPT_NAME,
    { title: 'How to use Sextant', description: 'Workflow for answering data questions with these tools: discover, search, read, write SQL' },
    () => ({ messages: [{ role: 'user', content: { type: 'text', text: GUIDE } }] }),
  );
}
