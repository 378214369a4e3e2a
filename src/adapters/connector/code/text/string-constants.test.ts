import { describe, expect, it } from 'vitest';
import { projectConstants } from './string-constants.js';

/** The project's constants, its files given as their lines by path. */
const constantsOf = (files: Record<string, string[]>) =>
  projectConstants(Object.entries(files).map(([path, lines]) => ({ path, text: lines.join('\n'), language: path.endsWith('.kt') ? 'kotlin' : 'java' })));

/** A file's text, given as its lines. */
const file = (...lines: string[]) => lines.join('\n');

describe("a Java or Kotlin project's string constants, by class and name", () => {
  const constants = constantsOf({
    'src/main/java/org/clinic/PetQueries.java': [
      'package org.clinic;',
      '',
      'public final class PetQueries {',
      '  private PetQueries() {}',
      '  static final String PETS = "select p from Pet p ";',
      '  public static final String BY_OWNER = PETS + "where p.owner.id = :owner";',
      '  public static final String PURGE =',
      '      "delete from Pet p " +',
      '      "where p.dead = true";',
      '  public static final String SORTED = Sorting.BY_NAME;',
      '  public static final String BUILT = build("x");',
      '  public static final String LOST = PETS + Nowhere.WHERE;',
      '  private static final String HIDDEN = "select h from Hidden h";',
      '  public final String instance = "select i from Instance i";',
      '  public static class Visits {',
      '    public static final String OPEN = PETS + "join p.visits v";',
      '    public static final String BY_OWNER = "select v from Visit v ";',
      '    public static final String MINE = BY_OWNER + "where v.owner = :me";',
      '  }',
      '  public void run() { final String local = "select l from Local l"; }',
      '}',
    ],
    'src/main/java/org/clinic/Sorting.java': [
      'public interface Sorting {',
      '  String BY_NAME = "order by name";',
      '  default String none() { String q = "x"; return q; }',
      '}',
    ],
    'src/main/kotlin/org/clinic/OwnerQueries.kt': [
      'package org.clinic',
      '',
      'object OwnerQueries {',
      '    const val BY_CITY = """',
      '        select o from Owner o where o.city = :city',
      '    """',
      '    val ALL = "select o from Owner o"',
      '    fun make(): String { val inside = "select x from X x"; return inside }',
      '}',
      '',
      'class Owner {',
      '    companion object {',
      '        const val ARCHIVE = "update Owner o set o.archived = true"',
      '    }',
      '    val name = "not a constant"',
      '}',
      '',
      'class Vet {',
      '    companion object Sql : Base() {',
      '        const val RETIRE = "update Vet v set v.retired = true"',
      '        val RETIRED = RETIRE + " where v.id = :id"',
      '        var CHANGING = "select c from Changing c"',
      '    }',
      '}',
      '',
      'enum class Kind {',
      '    CAT, DOG;',
      '    companion object {',
      '        val TRIMMED = """',
      '            select k from Kind k',
      '        """.trimIndent()',
      '        val UPPER = "select k from Kind k".uppercase()',
      '    }',
      '}',
    ],
    'src/main/java/org/clinic/a/Names.java': ['public class Names { public static final String SAME = "one"; public static final String TWICE = "a"; }'],
    'src/main/java/org/clinic/b/Names.java': ['public class Names { public static final String SAME = "one"; public static final String TWICE = "b"; }'],
    'src/main/java/org/clinic/Cycle.java': ['public class Cycle { public static final String A = B + "a"; public static final String B = A + "b"; }'],
  });

  it.each([
    ['PetQueries.PETS', 'select p from Pet p '],
    ['PetQueries.BY_OWNER', 'select p from Pet p where p.owner.id = :owner'], // a constant of its own class, by its bare name
    ['PetQueries.PURGE', 'delete from Pet p where p.dead = true'],
    ['PetQueries.SORTED', 'order by name'], // an interface's field is a constant
    ['Visits.OPEN', 'select p from Pet p join p.visits v'], // a nested class's, its outer class's constant by its bare name
    ['Visits.MINE', 'select v from Visit v where v.owner = :me'], // its own class's first, though the outer class declares one too
    ['OwnerQueries.BY_CITY', '\n        select o from Owner o where o.city = :city\n    '],
    ['OwnerQueries.ALL', 'select o from Owner o'], // an object's val
    ['Owner.ARCHIVE', 'update Owner o set o.archived = true'], // a companion's, by its class
    ['Names.SAME', 'one'], // two classes of one name giving the same string
    ['Kind.TRIMMED', '\n            select k from Kind k\n        '], // an enum class's companion, a raw string trimmed
    ['Vet.RETIRE', 'update Vet v set v.retired = true'], // a named companion's, by its class
    ['Vet.Sql.RETIRE', 'update Vet v set v.retired = true'], // and by its name
    ['Vet.Sql.RETIRED', 'update Vet v set v.retired = true where v.id = :id'],
  ])('%s holds %j', (key, value) => expect(constants.get(key)).toBe(value));

  it.each([
    ['PetQueries.BUILT'], // a call
    ['PetQueries.LOST'], // a name no file declares
    ['PetQueries.HIDDEN'], // private
    ['PetQueries.instance'], // no static
    ['PetQueries.local'],
    ['Sorting.q'],
    ['OwnerQueries.inside'],
    ['Owner.name'], // a class's val
    ['Names.TWICE'], // two classes of one name giving two strings
    ['Cycle.A'],
    ['Kind.UPPER'], // a call of its own
    ['Vet.CHANGING'], // a var
    ['Vet.Sql.CHANGING'],
  ])('%s holds none', (key) => expect(constants.get(key)).toBeUndefined());

  it("reads a file's names: qualified, fully or not, and bare by its static imports (Java's, Kotlin's, all of a class) or its supertypes", () => {
    const java = constants.inFile(
      ['package org.clinic.web;', 'import static org.clinic.PetQueries.BY_OWNER;', 'import static org.clinic.OwnerQueries.*;', 'import org.clinic.Owner;'].join(
        '\n',
      ),
    );
    expect(java('org.clinic.PetQueries.PURGE')).toBe('delete from Pet p where p.dead = true');
    expect(java('PetQueries . PURGE')).toBe('delete from Pet p where p.dead = true');
    expect(java('BY_OWNER')).toBe('select p from Pet p where p.owner.id = :owner');
    expect(java('ALL')).toBe('select o from Owner o');
    expect(java('PURGE')).toBeUndefined(); // not imported
    const inherits = constants.inFile('public class LegacyPetDao extends BaseDao<Pet, Map<String, Long>> implements org.clinic.Sorting, Serializable {}');
    expect(inherits('BY_NAME')).toBe('order by name'); // an interface's constant, inherited
    expect(inherits('PURGE')).toBeUndefined();
    const kotlin = constants.inFile(['import org.clinic.Owner.Companion.ARCHIVE', 'import org.clinic.PetQueries.PURGE as GONE'].join('\n'));
    expect(kotlin('GONE')).toBe('delete from Pet p where p.dead = true');
    expect(kotlin('ARCHIVE')).toBe('update Owner o set o.archived = true'); // a companion's, by its class
    const named = constants.inFile(['import org.clinic.Vet.Sql.RETIRE', 'import org.clinic.Vet.Sql'].join('\n'));
    expect(named('RETIRE')).toBe('update Vet v set v.retired = true'); // a named companion's, imported by its name
    expect(named('Sql.RETIRED')).toBe('update Vet v set v.retired = true where v.id = :id');
  });
});

describe('Kotlin constants declared outside any class', () => {
  const constants = constantsOf({
    'src/main/kotlin/org/clinic/sql/Queries.kt': [
      'package org.clinic.sql',
      '',
      'const val PURGE_VISITS = "delete from Visit v where v.date < :before"',
      'const val VISITS = "select v from Visit v "',
      'const val OPEN_VISITS = VISITS + "where v.open = true"',
      'val NOT_CONST = "select n from Note n"',
      'val NOT_CONST_OPEN = NOT_CONST + " where n.open = true"',
      '@JvmField val FIELD = "select f from Field f"',
      'var CHANGING = "select c from Changing c"',
      'val COMPUTED = listOf("a").joinToString()',
      'val UPPER = "select u from Upper u"',
      '    get() = field.uppercase()',
      'val BY_GETTER: String get() = "select g from Getter g"',
      'fun helper(): String { val inside = "x"; return inside }',
    ],
    'src/main/kotlin/org/clinic/sql/Archive.kt': [
      '@file:JvmName("ArchiveSql")',
      'package org.clinic.sql',
      'const val ARCHIVED = "select o from Owner o where o.archived = true"',
    ],
  });

  it('are read by the class Java sees them in: the file name and Kt, or its @file:JvmName', () => {
    expect(constants.get('QueriesKt.PURGE_VISITS')).toBe('delete from Visit v where v.date < :before');
    expect(constants.get('QueriesKt.OPEN_VISITS')).toBe('select v from Visit v where v.open = true');
    expect(constants.get('ArchiveSql.ARCHIVED')).toBe('select o from Owner o where o.archived = true');
    expect(constants.get('ArchiveKt.ARCHIVED')).toBeUndefined();
    expect(constants.get('QueriesKt.NOT_CONST')).toBeUndefined(); // Java reads it by a getter
    expect(constants.get('QueriesKt.FIELD')).toBe('select f from Field f'); // but a @JvmField one as a field
    expect(constants.get('QueriesKt.inside')).toBeUndefined();
    const java = constants.inFile(file('package org.clinic.web;', 'import static org.clinic.sql.QueriesKt.PURGE_VISITS;'));
    expect(java('PURGE_VISITS')).toBe('delete from Visit v where v.date < :before');
    expect(java('org.clinic.sql.QueriesKt.OPEN_VISITS')).toBe('select v from Visit v where v.open = true');
  });

  it('are read by their bare names where imported or in the same package, and by their package', () => {
    const imported = constants.inFile(file('package org.clinic.web', 'import org.clinic.sql.PURGE_VISITS', 'import org.clinic.sql.ARCHIVED as GONE'));
    expect(imported('PURGE_VISITS')).toBe('delete from Visit v where v.date < :before');
    expect(imported('GONE')).toBe('select o from Owner o where o.archived = true');
    expect(imported('OPEN_VISITS')).toBeUndefined(); // not imported
    expect(imported('org.clinic.sql.OPEN_VISITS')).toBe('select v from Visit v where v.open = true');
    const samePackage = constants.inFile(file('package org.clinic.sql', 'class VisitDao'));
    expect(samePackage('OPEN_VISITS')).toBe('select v from Visit v where v.open = true');
    expect(samePackage('NOT_CONST_OPEN')).toBe('select n from Note n where n.open = true');
    const all = constants.inFile(file('package org.clinic.web', 'import org.clinic.sql.*'));
    expect(all('ARCHIVED')).toBe('select o from Owner o where o.archived = true');
  });

  it('count a val given by literals as a const val, not a var, a val with a getter or one given by a call', () => {
    const imported = constants.inFile(file('package org.clinic.web', 'import org.clinic.sql.NOT_CONST', 'import org.clinic.sql.*'));
    expect(imported('NOT_CONST')).toBe('select n from Note n');
    expect(imported('org.clinic.sql.NOT_CONST_OPEN')).toBe('select n from Note n where n.open = true');
    expect(imported('FIELD')).toBe('select f from Field f');
    for (const name of ['CHANGING', 'COMPUTED', 'UPPER', 'BY_GETTER', 'inside']) expect(imported(name)).toBeUndefined();
  });
});

describe('Kotlin constants of a package with backticked parts', () => {
  const constants = constantsOf({
    'src/main/kotlin/com/my-app/db/Queries.kt': [
      'package com.`my-app`.db',
      'const val PURGE = "delete from Visit v"',
      'object Sql { const val ALL = "select v from Visit v" }',
    ],
    'src/main/kotlin/org/data/sql/Owners.kt': ['package org.`data` . sql', 'val OWNERS = "select o from Owner o"'],
  });

  it('are read as the package without its backticks, imported or written in full', () => {
    const imported = constants.inFile(file('package com.`my-app`.web', 'import com.`my-app`.db.PURGE', 'import com.`my-app`.db.`Sql` as Queries'));
    expect(imported('PURGE')).toBe('delete from Visit v');
    expect(imported('Queries.ALL')).toBe('select v from Visit v');
    expect(imported('com.`my-app`.db.Sql.ALL')).toBe('select v from Visit v');
    expect(imported('com.`my-app` . db.PURGE')).toBe('delete from Visit v');
    expect(constants.inFile(file('package org.data.web', 'import org.data.sql.OWNERS'))('OWNERS')).toBe('select o from Owner o');
    expect(constants.inFile(file('package org.data.sql'))('OWNERS')).toBe('select o from Owner o'); // its own package, unquoted
    expect(constants.inFile(file('package org.`data`.web', 'import org.`data`.sql.*'))('OWNERS')).toBe('select o from Owner o');
    expect(constants.inFile(file('import org.data.sql.QueriesKt'))('QueriesKt.PURGE')).toBeUndefined(); // another package
    expect(constants.get('com.my-app.db.QueriesKt.PURGE')).toBe('delete from Visit v');
  });
});

describe('Java constants declared several on a line', () => {
  const constants = constantsOf({
    'src/main/java/org/clinic/SpecialtyQueries.java': [
      'package org.clinic;',
      'public final class SpecialtyQueries {',
      '  public static final String ALL = "select s from Specialty s", PURGE = "delete from Specialty s",',
      '      NAMED = ALL + " where s.name = :name";',
      '  public static final String ONE = "select o from One o"; public static final String TWO = ONE + " where o.two = 2";',
      '  public static final String BUILT = build("x"), AFTER = "select a from After a";',
      '}',
    ],
    'src/main/java/org/clinic/TypeQueries.java': ['interface TypeQueries { String TYPES = "select t from PetType t"; String NONE = "delete from PetType t"; }'],
  });

  it.each([
    ['SpecialtyQueries.ALL', 'select s from Specialty s'],
    ['SpecialtyQueries.PURGE', 'delete from Specialty s'],
    ['SpecialtyQueries.NAMED', 'select s from Specialty s where s.name = :name'],
    ['SpecialtyQueries.ONE', 'select o from One o'],
    ['SpecialtyQueries.TWO', 'select o from One o where o.two = 2'],
    ['TypeQueries.TYPES', 'select t from PetType t'],
    ['TypeQueries.NONE', 'delete from PetType t'],
  ])('%s holds %j', (key, value) => expect(constants.get(key)).toBe(value));

  it('reads each declarator of a list, after one whose value is a call too', () => {
    expect(constants.get('SpecialtyQueries.BUILT')).toBeUndefined();
    expect(constants.get('SpecialtyQueries.AFTER')).toBe('select a from After a');
  });
});

describe('constants of classes of one name in different packages', () => {
  const constants = constantsOf({
    'src/main/java/org/vets/read/VetQueries.java': [
      'package org.vets.read;',
      'public class VetQueries { public static final String FIND = "select v from Vet v"; }',
    ],
    'src/main/java/org/vets/write/VetQueries.java': [
      'package org.vets.write;',
      'public class VetQueries { public static final String FIND = "delete from Vet v"; }',
    ],
    'src/main/java/org/vets/read/Reports.java': [
      'package org.vets.read;',
      'public class Reports { public static final String SORTED = VetQueries.FIND + " order by v.name"; }',
    ],
  });
  const DELETE = 'delete from Vet v';
  const SELECT = 'select v from Vet v';

  it('are told apart by the class a file imports, its own package, or a name in full', () => {
    expect(constants.inFile(file('package org.vets.web;', 'import org.vets.read.VetQueries;'))('VetQueries.FIND')).toBe(SELECT);
    expect(constants.inFile(file('package org.vets.web;', 'import static org.vets.write.VetQueries.FIND;'))('FIND')).toBe(DELETE);
    expect(constants.inFile(file('package org.vets.write;', 'class VetDao {}'))('VetQueries.FIND')).toBe(DELETE);
    expect(constants.inFile(file('package org.vets.web;'))('org.vets.read.VetQueries.FIND')).toBe(SELECT);
    expect(constants.inFile(file('package org.vets.web;', 'import org.vets.write.*;'))('VetQueries.FIND')).toBe(DELETE);
    expect(constants.inFile(file('package org.vets.web', 'import org.vets.read.VetQueries as ReadQueries'))('ReadQueries.FIND')).toBe(SELECT);
    expect(constants.get('Reports.SORTED')).toBe('select v from Vet v order by v.name'); // its own package's
  });

  it('hold none where the file still does not say which', () => {
    expect(constants.get('VetQueries.FIND')).toBeUndefined();
    expect(constants.inFile(file('package org.vets.web;', 'import java.util.List;'))('VetQueries.FIND')).toBeUndefined();
    expect(constants.inFile(file('package org.vets.web;', 'import com.other.VetQueries;'))('VetQueries.FIND')).toBeUndefined(); // not the project's
  });
});
