import { describe, expect, it } from 'vitest';
import { edgeColumns, edgeNote, edgeNotes } from './edge-note.js';

describe('edge notes', () => {
  it('names the line, the ORM and what the file does to the table, in that order', () => {
    expect(edgeNote({ line: 115, via: 'prisma', access: ['read', 'write', 'schema'] })).toBe(' (line 115, prisma, reads, writes, declares)');
    expect(edgeNote({ line: 3 })).toBe(' (line 3)');
    expect(edgeNote({ line: 81, via: 'prisma', file: 'app:code_file:prisma/schema.prisma' })).toBe(' (app:code_file:prisma/schema.prisma line 81, prisma)');
  });

  it('says nothing of what it does not know: no attributes, unknown access words', () => {
    expect(edgeNote({})).toBe('');
    expect(edgeNotes({ access: ['drop', 7], via: 3, line: '3' })).toEqual([]);
  });

  it("names a foreign key's columns, nothing for an edge without them", () => {
    expect(edgeColumns({ columns: ['from_account_id'], referencedColumns: ['id'] })).toBe(' (from_account_id → id)');
    expect(edgeColumns({ line: 3 })).toBe('');
  });
});
