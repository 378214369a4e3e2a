import { describe, expect, it } from 'vitest';
import { requestTopic } from './request-topic.js';

describe('requestTopic', () => {
  it('drops the words of change a request opens with', () => {
    expect(requestTopic('add support for window functions')).toBe('for window functions');
    expect(requestTopic('Fix typo in docs')).toBe('typo in docs');
    expect(requestTopic('  Make logger support async calls ')).toBe('logger support async calls');
  });

  it('keeps them later in the request, where they may be the topic', () => {
    expect(requestTopic('Support for update of and friends')).toBe('for update of and friends');
    expect(requestTopic('how are support tickets escalated')).toBe('how are support tickets escalated');
  });

  it('keeps a request made of nothing else whole', () => {
    expect(requestTopic('update')).toBe('update');
    expect(requestTopic('fix')).toBe('fix');
    expect(requestTopic('')).toBe('');
  });
});
