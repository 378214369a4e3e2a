/**
 * @module adapters/connector/code/sequelize-joins
 * The joins Sequelize's associations declare, whether or not the database holds the foreign key
 * (`constraints: false`, or tables made by hand or by another tool):
 * - `Post.belongsTo(User, { foreignKey: 'author_id', targetKey })` joins Post's table on that column to
 *   User's `targetKey` (else `id`);
 * - `User.hasMany(Post, { foreignKey: 'author_id', sourceKey })` and `hasOne` join Post's table on that
 *   column to User's `sourceKey` (else `id`);
 * - `Post.belongsToMany(Tag, { through: 'post_tags', foreignKey, otherKey })` joins the through table
 *   to both (a through model by its table).
 * A foreign key not given is Sequelize's default: the other side's `as`, else its model's name in the
 * singular, with `Id` (`define('user')` gives `userId`, a class `User` gives `UserId`), in snake case
 * when the project defines its models `underscored: true`. `this.belongsTo(…)` inside a model class is the class's. Models are the
 * project's Sequelize models (orm-refs.ts) by the name the code calls them: a model's table is its
 * `tableName`, else the plural of its name or the name itself, and a join is given for each such
 * pair (the catalog keeps those whose tables exist).
 */
import pluralize from 'pluralize';
import type { DeclaredJoin } from '../../../ports/code.js';
import { callArgs, NAME_STRING } from './call-reading.js';
import { joinsByFile } from './declared-joins.js';
import type { OrmTableRef } from './orm-refs.js';
import { snake } from './orm-refs.js';
import { blankComments } from './script-blocks.js';

type Kind = 'belongsTo' | 'hasMany' | 'hasOne' | 'belongsToMany';

interface Association {
  kind: Kind;
  source: string;
  target: string;
  options: string;
  index: number;
}

const ASSOCIATION = /(?<![\w$])([\w$]+)\s*\.\s*(belongsTo|hasMany|hasOne|belongsToMany)\s*\(\s*(?:[\w$]+\s*\.\s*)*([\w$]+)\s*(?:,|\))/g;

/** An option naming a column: `foreignKey: 'author_id'` or `foreignKey: { name: 'author_id' }` (`field` too). */
function keyOption(options: string, name: string): string | undefined {
  const m = new RegExp(String.raw`\b${name}\s*:\s*(?:${NAME_STRING}|\{([^}]*)\})`).exec(options);
  if (!m) return undefined;
  return m[1] ?? new RegExp(String.raw`\b(?:field|name)\s*:\s*${NAME_STRING}`).exec(m[2] ?? '')?.[1];
}

function associations(text: string): Association[] {
  const out: Association[] = [];
  for (const m of text.matchAll(ASSOCIATION)) {
    const open = m.index + m[0].indexOf('(');
    const args = callArgs(text, open);
    const comma = args.indexOf(',');
    const options = comma < 0 ? '' : args.slice(comma + 1);
    // `this.hasMany(…)` in a model class's `static associate(models)` is the class's
    const source = m[1] === 'this' ? [...text.slice(0, m.index).matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g)].at(-1)?.[1] : m[1];
    if (source) out.push({ kind: m[2] as Kind, source, target: m[3]!, options, index: m.index });
  }
  return out;
}

/**
 * The joins each file's Sequelize associations declare, by the file's path. `models`: the project's
 * Sequelize models (orm-refs.ts), each with the name the code calls it by.
 */
export function sequelizeJoins(files: ReadonlyArray<{ path: string; text: string }>, models: readonly OrmTableRef[]): Map<string, DeclaredJoin[]> {
  // the code's name of each model → its possible tables, and its model name (`define('user')`, else the class)
  const named = new Map<string, string[]>();
  const modelName = new Map<string, string>();
  for (const m of models)
    if (m.via === 'sequelize' && m.model) {
      named.set(m.model, [m.table, ...(m.alternatives ?? [])]);
      modelName.set(m.model, pluralize.singular(m.alternatives?.[0]?.split('.').at(-1) ?? m.model));
    }
  if (!named.size) return new Map();
  const texts = files.filter((f) => /\.(?:belongsTo|hasMany|hasOne|belongsToMany)\s*\(/.test(f.text)).map((f) => ({ ...f, text: blankComments(f.text) }));
  const underscored = files.some((f) => /\bunderscored\s*:\s*true\b/.test(f.text));
  const defaultKey = (name: string) => (underscored ? snake(`${name}Id`) : `${name}Id`);
  const declaring = texts.flatMap(({ path, text }) =>
    associations(text).flatMap((a) => {
      const source = named.get(a.source);
      const target = named.get(a.target);
      if (!source || !target) return [];
      const as = new RegExp(String.raw`\bas\s*:\s*${NAME_STRING}`).exec(a.options)?.[1];
      const sourceName = modelName.get(a.source)!;
      const targetName = modelName.get(a.target)!;
      // each as: a table holding the key column, the table it references, the columns
      const sides: Array<{ holder: string[]; referenced: string[]; column: string; key: string }> = [];
      if (a.kind === 'belongsTo')
        sides.push({
          holder: source,
          referenced: target,
          column: keyOption(a.options, 'foreignKey') ?? defaultKey(as ?? targetName),
          key: keyOption(a.options, 'targetKey') ?? 'id',
        });
      else if (a.kind === 'belongsToMany') {
        const through = new RegExp(String.raw`\bthrough\s*:\s*(?:${NAME_STRING}|([\w$]+))`).exec(a.options);
        const holder = through?.[1] ? [through[1]] : through?.[2] ? named.get(through[2]) : undefined;
        if (holder) {
          sides.push({
            holder,
            referenced: source,
            column: keyOption(a.options, 'foreignKey') ?? defaultKey(sourceName),
            key: keyOption(a.options, 'sourceKey') ?? 'id',
          });
          sides.push({
            holder,
            referenced: target,
            column: keyOption(a.options, 'otherKey') ?? defaultKey(as ?? targetName),
            key: keyOption(a.options, 'targetKey') ?? 'id',
          });
        }
      } else
        sides.push({
          holder: target,
          referenced: source,
          column: keyOption(a.options, 'foreignKey') ?? defaultKey(sourceName),
          key: keyOption(a.options, 'sourceKey') ?? 'id',
        });
      return sides.flatMap((side) =>
        side.holder.flatMap((table) =>
          side.referenced.map((references) => ({ table, path, text, relations: [{ references, column: side.column, key: side.key, index: a.index }] })),
        ),
      );
    }),
  );
  return joinsByFile(declaring, 'sequelize', (_t, r) => ({ references: r.references, columns: [r.column], referencedColumns: [r.key], index: r.index }));
}
