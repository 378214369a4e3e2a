import { describe, expect, it } from 'vitest';
import { CODE_ABBREVIATIONS, SCHEMA_ABBREVIATIONS, fullFormIn, fullForms } from './abbreviations.js';
import { singular } from './inflect.js';

describe('SCHEMA_ABBREVIATIONS', () => {
  const entries = Object.entries(SCHEMA_ABBREVIATIONS);

  it('covers the common schema abbreviations', () => {
    expect(entries.length).toBeGreaterThanOrEqual(60);
    for (const key of [
      'qty',
      'amt',
      'cust',
      'addr',
      'desc',
      'num',
      'nbr',
      'no',
      'dt',
      'ts',
      'id',
      'prc',
      'itm',
      'ln',
      'hdr',
      'inv',
      'ord',
      'prd',
      'prod',
      'cat',
      'esc',
      'hist',
      'tkt',
      'acct',
      'txn',
      'pmt',
      'bal',
      'usr',
      'emp',
      'dept',
      'mgr',
      'org',
      'cnt',
      'pct',
      'avg',
      'tot',
      'ref',
      'sts',
      'stat',
    ]) {
      expect(SCHEMA_ABBREVIATIONS[key], key).toBeTruthy();
    }
  });

  it.each([
    ['qty', 'quantity'],
    ['cust', 'customer'],
    ['no', 'number'],
    ['dob', 'date of birth'],
  ])('%s → %s', (abbr, full) => {
    expect(SCHEMA_ABBREVIATIONS[abbr]).toBe(full);
  });

  it('maps lower-case abbreviations to lower-case singular words, never to themselves', () => {
    for (const [abbr, full] of entries) {
      expect(abbr).toMatch(/^[a-z]+$/);
      expect(full).toMatch(/^[a-z]+( [a-z]+)*$/);
      expect(full).not.toBe(abbr);
      for (const word of full.split(' ')) expect(singular(word), full).toBe(word);
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(SCHEMA_ABBREVIATIONS)).toBe(true);
  });
});

describe('CODE_ABBREVIATIONS', () => {
  it('spells each abbreviation out as one lower-case word, leaving the ambiguous ones and keywords out', () => {
    for (const [abbr, full] of Object.entries(CODE_ABBREVIATIONS)) {
      expect(abbr).toMatch(/^[a-z]+$/);
      expect(full).toMatch(/^[a-z]+$/);
    }
    expect(CODE_ABBREVIATIONS.ws).toBe('websocket');
    for (const left of ['res', 'sub', 'auth', 'fn', 'impl', 'init', 'str', 'async', 'ts', 'id', 'src'])
      expect(Object.hasOwn(CODE_ABBREVIATIONS, left)).toBe(false);
  });

  it('finds full forms by own keys only, each once', () => {
    const lookup = (w: string) => fullFormIn(CODE_ABBREVIATIONS, w);
    expect(fullForms(['ws', 'link', 'wss', 'constructor', 'db'], lookup)).toEqual(['websocket', 'database']);
  });
});
