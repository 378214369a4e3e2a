import { describe, expect, it } from 'vitest';
import { compactTool } from './compact-tool-list.js';

describe('compactTool', () => {
  it('drops the schema dialect, default task support and a duplicated annotations title', () => {
    const tool = {
      title: 'Search',
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {} },
      annotations: { title: 'Search', readOnlyHint: true },
      execution: { taskSupport: 'forbidden' },
    };
    expect(compactTool(tool)).toEqual({ title: 'Search', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } });
  });

  it('keeps anything that carries meaning', () => {
    const tool = { title: 'A', annotations: { title: 'B' }, execution: { taskSupport: 'optional' } };
    expect(compactTool(tool)).toEqual(tool);
  });
});
