import { describe, expect, it } from 'vitest';
import { oncePerFile, oncePerText, rememberScans } from './scan-memo.js';

describe('scan memo', () => {
  it('while a scan is remembered a reading reads each text once; outside one, every time; a new scan reads again', () => {
    const read: string[] = [];
    const lengthOf = oncePerText((text: string) => {
      read.push(text);
      return { length: text.length };
    });
    expect(lengthOf('abc')).not.toBe(lengthOf('abc'));
    expect(read).toEqual(['abc', 'abc']);
    read.length = 0;
    const first = rememberScans();
    const second = rememberScans();
    const kept = lengthOf('abc');
    expect(lengthOf('abc')).toBe(kept);
    expect(lengthOf('de')).toEqual({ length: 2 });
    expect(read).toEqual(['abc', 'de']);
    first();
    first(); // a holder lets go once
    expect(lengthOf('abc')).toBe(kept);
    second();
    expect(lengthOf('abc')).not.toBe(kept);
    const next = rememberScans();
    const again = lengthOf('abc');
    expect(again).not.toBe(kept); // nothing of the last scan is kept for the next
    expect(again).toEqual(kept);
    expect(read).toEqual(['abc', 'de', 'abc', 'abc']);
    next();
  });

  it('a reading of a file reads each text at each path once: two files of one text keep their own answers', () => {
    const read: string[] = [];
    const named = oncePerFile(({ path, text }: { path: string; text: string }) => {
      read.push(path);
      return `${path}: ${text}`;
    });
    const forget = rememberScans();
    expect(named({ path: 'a.php', text: 'x' })).toBe('a.php: x');
    expect(named({ path: 'b.php', text: 'x' })).toBe('b.php: x');
    expect(named({ path: 'a.php', text: 'y' })).toBe('a.php: y');
    expect(named({ path: 'a.php', text: 'x' })).toBe('a.php: x');
    expect(read).toEqual(['a.php', 'b.php', 'a.php']);
    forget();
  });
});
