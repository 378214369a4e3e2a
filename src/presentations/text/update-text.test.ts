import { describe, expect, it } from 'vitest';
import { resourceCounts } from './update-text.js';

describe('resourceCounts', () => {
  it('names history-only resources apart, and only when there are some', () => {
    expect(resourceCounts({ added: 0, changed: 1, history: 723, rescanned: 0, removed: 0 })).toBe('0 added, 1 changed, 723 with new history only, 0 removed');
    expect(resourceCounts({ added: 3, changed: 0, history: 0, rescanned: 0, removed: 1 })).toBe('3 added, 0 changed, 1 removed');
  });

  it('names resources rescanned by another reader version apart (newer or older: the words say neither), and only when there are some', () => {
    expect(resourceCounts({ added: 0, changed: 1, history: 0, rescanned: 727, removed: 0 })).toBe(
      '0 added, 1 changed, 727 rescanned by a different reader version, 0 removed',
    );
    expect(resourceCounts({ added: 0, changed: 0, history: 2, rescanned: 5, removed: 0 })).toBe(
      '0 added, 0 changed, 2 with new history only, 5 rescanned by a different reader version, 0 removed',
    );
  });
});
