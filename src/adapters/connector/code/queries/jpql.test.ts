import { describe, expect, it } from 'vitest';
import { heldStrings } from '../text/held-strings.js';
import { jpqlReach, statementOf } from './jpql.js';

describe('JPQL as Java and Kotlin code holds it', () => {
  const method = ['String jpql = "select p from Pet p";', 'jpql += " where p.kind = :kind";', 'String other = BASE + " o";'].join('\n');
  const fields = [
    'private static final String BASE = "select o from Owner";',
    'private static final String PURGE = "delete from Pet p " +',
    '    "where p.dead = true";',
    'const val RAW = """',
    '    update Visit v set v.done = true',
    '"""',
    'private static final String SELF = SELF + "x";',
  ].join('\n');
  const held = heldStrings(method, fields);

  it.each([
    ['jpql', 'select p from Pet p where p.kind = :kind'], // every assignment in the method, in order
    ['other', 'select o from Owner o'], // a name in an assignment, through the class
    ['PURGE', 'delete from Pet p where p.dead = true'],
    ['Queries.PURGE', 'delete from Pet p where p.dead = true'], // by its last part
    ['RAW', '\n    update Visit v set v.done = true\n'],
    ['SELF', 'x'], // a name held by itself gives nothing more
    ['kind', undefined],
  ])('%s holds %j', (name, value) => expect(held(name)).toBe(value));

  it.each([
    ['jpql, Pet.class', 'select p from Pet p where p.kind = :kind'],
    ['PURGE + " and p.id = :id"', 'delete from Pet p where p.dead = true and p.id = :id'],
    ['com.`my-app`.Queries.PURGE + " and p.id = :id"', 'delete from Pet p where p.dead = true and p.id = :id'], // backticked qualifiers
    ['"select v from Visit v " +\n  "where v.id = :id", Visit::class.java', 'select v from Visit v where v.id = :id'],
    ['cond ? "select a from A a" : "select b from B b"', ' select a from A a select b from B b'],
    ['build(kind)', ' '],
  ])('the statement of createQuery(%s)', (args, statement) => expect(statementOf(args, held).trim()).toBe(statement.trim()));

  it('names the entities after from, join and update; an update or delete writes the first', () => {
    expect(jpqlReach('select o from Owner o join fetch o.pets p join Visit v on v.pet = p')).toEqual([
      ['Owner', 'read'],
      ['Visit', 'read'],
    ]);
    expect(jpqlReach('delete from Pet p where p.owner in (select o from Owner o)')).toEqual([
      ['Pet', 'write'],
      ['Owner', 'read'],
    ]);
    expect(jpqlReach('update Visit v set v.done = true')).toEqual([['Visit', 'write']]);
    // HQL may leave out delete's from
    expect(jpqlReach('  delete Tag t where t.id in (select i.tag from Item i)')).toEqual([
      ['Tag', 'write'],
      ['Item', 'read'],
    ]);
  });

  it("asks another file's constants, as written, only for a name the file assigns no string", () => {
    const asked: string[] = [];
    const elsewhere = (name: string) => {
      asked.push(name);
      return ({ 'Queries.PETS': 'select p from Pet p', 'Queries.PURGE': 'delete from Visit v' } as Record<string, string>)[name];
    };
    const fields = ['static final String BY_KIND = Queries.PETS + " where p.kind = :kind";', 'static final String PURGE = "delete from Pet p";'].join('\n');
    const held = heldStrings('', fields, elsewhere);
    expect(held('BY_KIND')).toBe('select p from Pet p where p.kind = :kind'); // a name inside the file's own constant too
    expect(held('Queries.PURGE')).toBe('delete from Pet p'); // the file's own PURGE first
    expect(held('Other.MISSING')).toBeUndefined();
    expect(asked).toEqual(['Queries.PETS', 'Other.MISSING']);
    expect(statementOf('Queries.PETS + " p2", Pet.class', held)).toBe('select p from Pet p p2');
  });
});
