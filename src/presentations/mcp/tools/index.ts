/**
 * @module presentations/mcp/tools
 * The tool set every session gets, in the order agents see it. Write tools (listed only with
 * developer tools on) join this list as later issues add them (the glossary's first).
 */
import type { ToolDefinition } from '../tool-registry.js';
import { listDocumentsTool, listObjectsTool, listSchemasTool, listSourcesTool, statusTool } from './catalog.js';
import { listFilesTool, onboardingPlanTool } from './code.js';
import { GLOSSARY_TOOLS } from './glossary.js';
import { GRAPHQL_TOOLS } from './graphql.js';
import { describeTool, getTool } from './objects.js';
import { listOperationsTool } from './openapi.js';
import { deepSearchTool, searchTool } from './search.js';
import { addDocumentTool, removeDocumentTool, setActiveProjectsTool } from './session.js';

export const TOOLS: readonly ToolDefinition[] = Object.freeze([
  listSourcesTool,
  listSchemasTool,
  listObjectsTool,
  listDocumentsTool,
  listOperationsTool,
  deepSearchTool,
  searchTool,
  getTool,
  describeTool,
  onboardingPlanTool,
  listFilesTool,
  statusTool,
  addDocumentTool,
  removeDocumentTool,
  setActiveProjectsTool,
  ...GRAPHQL_TOOLS,
  ...GLOSSARY_TOOLS,
]);
