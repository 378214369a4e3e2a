/**
 * @module adapters/connector/code/declared-joins
 * The joins an ORM's relations declare, whether or not the database holds the foreign key (Prisma's
 * `relationMode = "prisma"` never creates one). Prisma: a relation field's `@relation(fields: [authorId],
 * references: [id])` joins its model's table to the related model's, each column by its `@map`
 * name and each table by its `@@map` name in its `@@schema`; the models may sit in other `.prisma`
 * files of the project. A relation naming a field its model lacks is left out.
 */
import type { DeclaredJoin } from '../../../ports/code.js';
import { lineAt } from './lines.js';

interface PrismaModel {
  table: string;
  /** Field → its column. */
  columns: Map<string, string>;
  relations: Array<{ type: string; fields: string[]; references: string[]; index: number }>;
  path: string;
  text: string;
}

/** The text with each `//` comment blanked (offsets kept), a `//` inside a string left alone. */
function withoutComments(text: string): string {
  return text.replace(/^[^\n]*$/gm, (line) => {
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '"' && line[i - 1] !== '\\') quoted = !quoted;
      else if (!quoted && line.startsWith('//', i)) return line.slice(0, i) + ' '.repeat(line.length - i);
    }
    return line;
  });
}

/** The names of a `[a, b]` list argument of an attribute (`fields: [authorId]`). */
function listArgument(args: string, name: string): string[] {
  const list = new RegExp(String.raw`\b${name}\s*:\s*\[([^\]]*)\]`).exec(args)?.[1];
  return list
    ? list
        .split(',')
        .map((s) => s.trim().replace(/\(.*$/, ''))
        .filter(Boolean)
    : [];
}

const MODEL = /^[ \t]*model[ \t]+(\w+)[ \t]*\{([\s\S]*?)^[ \t]*\}/gm;
const FIELD = /^[ \t]*(\w+)[ \t]+(\w+)(?:\[\]|\?)?([^\n]*)/gm;

function prismaModels(files: ReadonlyArray<{ path: string; text: string }>): Map<string, PrismaModel> {
  const models = new Map<string, PrismaModel>();
  for (const { path, text: raw } of files) {
    const text = withoutComments(raw);
    for (const m of text.matchAll(MODEL)) {
      const body = m[2]!;
      const bodyAt = m.index + m[0].indexOf('{') + 1;
      const map = /@@map\(\s*(?:name\s*:\s*)?"([^"]+)"/.exec(body)?.[1];
      const schema = /@@schema\(\s*"([^"]+)"/.exec(body)?.[1];
      const model: PrismaModel = { table: schema ? `${schema}.${map ?? m[1]!}` : (map ?? m[1]!), columns: new Map(), relations: [], path, text };
      for (const f of body.matchAll(FIELD)) {
        const rest = f[3]!;
        model.columns.set(f[1]!, /(?<!@)@map\(\s*(?:name\s*:\s*)?"([^"]+)"/.exec(rest)?.[1] ?? f[1]!);
        const relation = /(?<!@)@relation\(([^)]*)\)/.exec(rest)?.[1];
        const fields = relation ? listArgument(relation, 'fields') : [];
        const references = relation ? listArgument(relation, 'references') : [];
        if (fields.length && fields.length === references.length)
          model.relations.push({ type: f[2]!, fields, references, index: bodyAt + f.index + f[0].search(/\S/) });
      }
      models.set(m[1]!, model);
    }
  }
  return models;
}

/** The joins each `.prisma` file's relations declare, by the file's path (the project's files together: a relation may name a model of another file). */
export function prismaJoins(files: ReadonlyArray<{ path: string; text: string }>): Map<string, DeclaredJoin[]> {
  const out = new Map<string, DeclaredJoin[]>();
  const models = prismaModels(files);
  for (const model of models.values()) {
    for (const r of model.relations) {
      const target = models.get(r.type);
      const columns = r.fields.map((f) => model.columns.get(f));
      const referencedColumns = r.references.map((f) => target?.columns.get(f));
      if (!target || columns.some((c) => !c) || referencedColumns.some((c) => !c)) continue;
      const join: DeclaredJoin = {
        table: model.table,
        columns: columns as string[],
        references: target.table,
        referencedColumns: referencedColumns as string[],
        line: lineAt(model.text, r.index),
        via: 'prisma',
      };
      out.set(model.path, [...(out.get(model.path) ?? []), join]);
    }
  }
  return out;
}
