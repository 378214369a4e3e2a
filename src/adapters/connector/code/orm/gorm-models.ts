/**
 * @module adapters/connector/code/orm/gorm-models
 * GORM (Go). A model is a struct that embeds `gorm.Model`, tags a field `gorm:"…"`, has a
 * `TableName()` method, or is named in `AutoMigrate(…)`; its table is what `TableName()` returns,
 * else GORM's naming: the struct's name in snake case, plural (`UserProfile`: `user_profiles`),
 * with the prefix and singular setting a `schema.NamingStrategy` of the project gives. Uses: a
 * `*gorm.DB` chain's calls on a model's value (`db.Where(…).Find(&users)`, `db.Create(&user)`,
 * `db.Model(&User{}).Update(…)`, `.Table("users")`), a value known by its declaration in the file
 * (`var users []User`, `user := models.User{…}`, a parameter `u *User`). Joins: belongs-to (a field of
 * a model's type beside its `<Field>ID`), has-one and has-many (the other model's `<Model>ID`),
 * `foreignKey:`/`references:` tags, and `many2many:` join tables.
 */
import pluralize from 'pluralize';
import type { DeclaredJoin, TableAccess } from '../../../../ports/code.js';
import { callArgs, chainAfter, topLevelArgs } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { blankComments } from '../text/script-blocks.js';
import { modelsByName, type OrmReader, type ProjectFile } from './orm-reader.js';
import { snake } from './name-case.js';
import type { OrmTableRef } from './orm-reader.js';

const TABLE_NAME = /func\s*\(\s*(?:\w+\s+)?\*?(\w+)\s*\)\s*TableName\s*\(\s*\)\s*string\s*\{\s*return\s*"([^"]+)"/g;
const STRUCT = /^type[ \t]+([A-Z]\w*)[ \t]+struct[ \t]*\{/gm;

interface Field {
  name: string;
  /** The type's last name (`models.User`, `*User`, `[]User`: `User`). */
  type: string;
  list: boolean;
  tag: Record<string, string>;
  index: number;
}

interface Struct {
  name: string;
  index: number;
  fields: Field[];
  /** Embeds `gorm.Model`, or tags a field as a key or a relation (a request's struct may copy a `comment:` or `column:` tag). */
  marked: boolean;
  /** The structs it embeds, by their last name. */
  embeds: string[];
}

/** The `key:value` settings of a field's `gorm:"…"` tag, keys in lower case (`foreignKey:UserRefer;many2many:user_languages`). */
function gormTag(tag: string | undefined): Record<string, string> {
  const body = tag && /\bgorm:"([^"]*)"/.exec(tag)?.[1];
  const out: Record<string, string> = {};
  for (const part of body?.split(';') ?? []) {
    const [key, ...value] = part.split(':');
    if (key?.trim()) out[key.trim().toLowerCase()] = value.join(':').trim();
  }
  return out;
}

/** Tag keys only a model's fields have. */
const MODEL_TAGS = new Set(['primarykey', 'primary_key', 'autoincrement', 'auto_increment', 'foreignkey', 'references', 'many2many', 'polymorphic']);
/** A struct embedded by its type alone (`global.GVA_MODEL`, `*Base`), a tag or comment after it. */
const EMBEDDED = /^[ \t]*\*?(?:\w+\.)?([A-Z]\w*)[ \t]*(?:`[^`\n]*`)?[ \t]*(?:\/\/.*)?$/;
const FIELD = /^[ \t]*([A-Z]\w*)[ \t]+(\[\])?\*?(?:\w+\.)?([A-Za-z]\w*)\b[^\n`]*(`[^`\n]*`)?/;

function structs(text: string): Struct[] {
  const out: Struct[] = [];
  for (const m of text.matchAll(STRUCT)) {
    const open = m.index + m[0].length - 1;
    const body = callArgs(
      text.replace(/[{}]/g, (b) => (b === '{' ? '(' : ')')),
      open,
    );
    const fields: Field[] = [];
    let marked = false;
    const embeds: string[] = [];
    let at = open + 1;
    for (const line of body.split('\n')) {
      if (/^[ \t]*gorm\.Model\b/.test(line)) marked = true;
      const embedded = EMBEDDED.exec(line);
      if (embedded) embeds.push(embedded[1]!);
      const f = FIELD.exec(line);
      if (f) {
        const tag = gormTag(f[4]);
        if (Object.keys(tag).some((k) => MODEL_TAGS.has(k))) marked = true;
        fields.push({ name: f[1]!, list: !!f[2], type: f[3]!, tag, index: at });
      }
      at += line.length + 1;
    }
    out.push({ name: m[1]!, index: m.index, fields, marked, embeds });
  }
  return out;
}

/** A `schema.NamingStrategy{TablePrefix: "t_", SingularTable: true}` of the project. */
interface Naming {
  prefix: string;
  singular: boolean;
}

function naming(files: readonly ProjectFile[]): Naming {
  for (const { text } of files) {
    const m = /NamingStrategy\s*\{([^}]*)\}/.exec(text);
    if (m) return { prefix: /TablePrefix\s*:\s*"([^"]*)"/.exec(m[1]!)?.[1] ?? '', singular: /SingularTable\s*:\s*true\b/.test(m[1]!) };
    // GORM v1 (jinzhu/gorm) set it on the handle
    if (/\.SingularTable\s*\(\s*true\s*\)/.test(text)) return { prefix: '', singular: true };
  }
  return { prefix: '', singular: false };
}

const tableOf = (name: string, { prefix, singular }: Naming) => prefix + (singular ? snake(name) : pluralize(snake(name)));

/** The column GORM gives a field: its `column:` tag, else its name in snake case (`UserID`: `user_id`). */
const columnOf = (field: Field | undefined, name: string) => field?.tag.column ?? snake(name);

/** The structs each `AutoMigrate(&User{}, &models.Product{})` of the text names, at the call's offset. */
function* autoMigrated(text: string): Generator<{ struct: string; index: number }> {
  for (const m of text.matchAll(/\.AutoMigrate\s*\(/g))
    for (const t of callArgs(text, m.index + m[0].length - 1).matchAll(/&?(?:\w+\.)?([A-Z]\w*)\s*\{/g)) yield { struct: t[1]!, index: m.index };
}

const READS = /^(?:Find|First|Last|Take|Scan|Pluck|Count|FirstOrInit|Row|Rows|FindInBatches)$/;
const WRITES = /^(?:Create|CreateInBatches|Save|Delete|Update|Updates|UpdateColumn|UpdateColumns|FirstOrCreate|Exec)$/;
/** Calls whose argument is a model's value: the ones that read or write it, and `Model(…)`, which names the table for the chain. */
const VALUE_CALL =
  /\.\s*(Find|First|Last|Take|Scan|FirstOrInit|FirstOrCreate|Create|CreateInBatches|Save|Delete|Updates|Model|FindInBatches|Where|Not|Or)\s*\(/g;
/** Calls that name the model only when given a model's value as written (`Where(&User{Name: n})`), not a variable (`Where(cond)`). */
const CONDITION = /^(?:Where|Not|Or)$/;

/** The model type a value written as an argument has: `&User{}`, `[]models.User{}`, `new(User)`, or a name declared of that type. */
function valueType(arg: string, bound: ReadonlyMap<string, string | null>): string | undefined {
  const literal = /^&?\s*(?:\[\]\*?)?(?:\w+\.)?([A-Z]\w*)\s*\{/.exec(arg) ?? /^new\(\s*(?:\w+\.)?([A-Z]\w*)\s*\)/.exec(arg);
  if (literal) return literal[1];
  // `&models[i]`: an element of a list of the model
  const name = /^&?\s*([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?$/.exec(arg)?.[1];
  return (name && bound.get(name)) ?? undefined;
}

/** The names the file declares of a model's type (`var users []User`, `u := &models.User{…}`, a parameter `u *User`); a name two types share stands for none. */
function boundNames(text: string, models: ReadonlySet<string>): Map<string, string | null> {
  const out = new Map<string, string | null>();
  const bind = (name: string, type: string) => {
    if (models.has(type)) out.set(name, out.has(name) && out.get(name) !== type ? null : type);
  };
  const type = String.raw`(?:\[\]|\*)*(?:\w+\.)?([A-Z]\w*)`;
  for (const m of text.matchAll(new RegExp(String.raw`\bvar\s+([a-z_]\w*)\s+${type}`, 'g'))) bind(m[1]!, m[2]!);
  for (const m of text.matchAll(new RegExp(String.raw`\b([a-z_]\w*)\s*:?=\s*&?${type}\s*\{`, 'g'))) bind(m[1]!, m[2]!);
  for (const m of text.matchAll(new RegExp(String.raw`\b([a-z_]\w*)\s*:?=\s*(?:new\(\s*(?:\w+\.)?([A-Z]\w*)\s*\)|make\(\s*\[\]\*?(?:\w+\.)?([A-Z]\w*))`, 'g')))
    bind(m[1]!, (m[2] ?? m[3])!);
  for (const m of text.matchAll(new RegExp(String.raw`[(,]\s*([a-z_]\w*)\s+${type}\s*(?=[,)])`, 'g'))) bind(m[1]!, m[2]!);
  return out;
}

/** What a chain does: a write anywhere in it writes, else it reads. */
const chainAccess = (methods: readonly string[]): TableAccess | undefined =>
  methods.some((m) => WRITES.test(m)) ? 'write' : methods.some((m) => READS.test(m)) ? 'read' : undefined;

function joinsOf(structs: ReadonlyMap<string, { struct: Struct; table: string; path: string; text: string }>): Map<string, DeclaredJoin[]> {
  const out = new Map<string, DeclaredJoin[]>();
  const add = (path: string, join: DeclaredJoin) => out.set(path, [...(out.get(path) ?? []), join]);
  const key = (s: Struct) => s.fields.find((f) => 'primarykey' in f.tag || 'primary_key' in f.tag) ?? s.fields.find((f) => f.name === 'ID');
  const keyColumn = (s: Struct, named?: string) => {
    const field = named ? s.fields.find((f) => f.name === named) : key(s);
    return field ? columnOf(field, field.name) : named ? snake(named) : 'id';
  };
  for (const { struct, table, path, text } of structs.values())
    for (const field of struct.fields) {
      const other = structs.get(field.type);
      if (!other || field.tag['-'] !== undefined) continue;
      const line = lineAt(text, field.index);
      const many = field.tag.many2many;
      if (many) {
        if (other.struct === struct) continue;
        add(path, { table: many, columns: [snake(`${struct.name}ID`)], references: table, referencedColumns: [keyColumn(struct)], line, via: 'gorm' });
        add(path, {
          table: many,
          columns: [snake(`${other.struct.name}ID`)],
          references: other.table,
          referencedColumns: [keyColumn(other.struct)],
          line,
          via: 'gorm',
        });
        continue;
      }
      // belongs to: this struct holds the key (`CompanyID` beside `Company`, or the tag's field)
      const ownKey = struct.fields.find((f) => f.name === (field.tag.foreignkey ?? `${field.name}ID`));
      if (!field.list && ownKey) {
        add(path, {
          table,
          columns: [columnOf(ownKey, ownKey.name)],
          references: other.table,
          referencedColumns: [keyColumn(other.struct, field.tag.references)],
          line,
          via: 'gorm',
        });
        continue;
      }
      // has one or has many: the other struct holds the key (`UserID` in `CreditCard`)
      const theirKey = other.struct.fields.find((f) => f.name === (field.tag.foreignkey ?? `${struct.name}ID`));
      if (theirKey)
        add(path, {
          table: other.table,
          columns: [columnOf(theirKey, theirKey.name)],
          references: table,
          referencedColumns: [keyColumn(struct, field.tag.references)],
          line,
          via: 'gorm',
        });
    }
  return out;
}

export const gormReader: OrmReader = {
  via: 'gorm',
  languages: new Set(['go']),
  // a struct's name by GORM's naming waits for the project's naming strategy: `project` declares it
  declared: ({ text }) => [...text.matchAll(TABLE_NAME)].map((m) => ({ table: m[2]!, line: lineAt(text, m.index), via: 'gorm', model: m[1]! })),
  project(files, declaredOf) {
    const strategy = naming(files);
    const migrated = new Set(files.flatMap(({ text }) => [...autoMigrated(text)].map((m) => m.struct)));
    const explicit = new Map([...declaredOf.values()].flat().flatMap((r) => (r.via === 'gorm' && r.model ? [[r.model, r] as const] : [])));
    const declared = new Map<string, OrmTableRef[]>();
    const all = new Map<string, { struct: Struct; table: string; path: string; text: string }>();
    const read = files.map((f) => ({ ...f, structs: structs(f.text) }));
    // a base struct others embed (`global.GVA_MODEL`) marks them but is no table itself; a struct embedding a
    // model named as one (`SysApiTokenSearch` holding `SysApiToken`) is a request's or a response's, not a table
    const byName = new Map(read.flatMap((f) => f.structs.map((s) => [s.name, s] as const)));
    const embedded = new Set(read.flatMap((f) => f.structs.flatMap((s) => s.embeds)));
    const named = (name: string) => explicit.has(name) || migrated.has(name);
    const marked = (s: Struct, depth = 0): boolean =>
      s.marked || (depth < 4 && s.embeds.some((e) => byName.has(e) && byName.get(e) !== s && !named(e) && marked(byName.get(e)!, depth + 1)));
    for (const { path, text, structs: found } of read)
      for (const s of found) {
        const own = explicit.get(s.name);
        if (!named(s.name) && (embedded.has(s.name) || !marked(s) || s.embeds.some(named))) continue;
        const table = own?.table ?? tableOf(s.name, strategy);
        all.set(s.name, { struct: s, table, path, text });
        if (!own) declared.set(path, [...(declared.get(path) ?? []), { table, line: lineAt(text, s.index), via: 'gorm', model: s.name, access: ['schema'] }]);
      }
    const models = modelsByName([...explicit.values(), ...[...declared.values()].flat()]);
    const names = new Set(models.keys());
    return {
      declared,
      joins: joinsOf(all),
      uses(file, use) {
        // a call commented out uses nothing
        const text = blankComments(file.text);
        if (!/\.\s*(?:Model|Table|Find|First|Last|Take|Scan|Create|Save|Delete|Updates|AutoMigrate)\s*\(/.test(text)) return;
        const bound = names.size ? boundNames(text, names) : new Map<string, string | null>();
        if (names.size)
          for (const m of text.matchAll(VALUE_CALL)) {
            const open = m.index + m[0].length - 1;
            const type = valueType(topLevelArgs(callArgs(text, open))[0]!, CONDITION.test(m[1]!) ? new Map() : bound);
            if (!type) continue;
            const chain = chainAfter(text, open).map((c) => c.method);
            use(models.get(type), m.index, chainAccess(m[1] === 'Model' || CONDITION.test(m[1]!) ? chain : [m[1]!, ...chain]));
          }
        // a migration declares the tables of the models it names
        for (const { struct, index } of autoMigrated(text)) use(models.get(struct), index, 'schema');
        for (const m of text.matchAll(/\.\s*Table\s*\(\s*"([\w.]+)"/g))
          use({ table: m[1]!, line: 0, via: 'gorm' }, m.index, chainAccess(chainAfter(text, m.index + m[0].indexOf('(')).map((c) => c.method)));
      },
    };
  },
};
