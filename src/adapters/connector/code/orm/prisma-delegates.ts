/**
 * @module adapters/connector/code/orm/prisma-delegates
 * Names a file binds to a Prisma model's delegate, by which its calls reach the model without the
 * client before them: `const { website, teamUser: members } = prisma.client` then `website.findMany()`,
 * or `const posts = db.post` then `posts.create(…)`. The destructured value must read as a client (its
 * expression says `prisma`, `client`, `db` or `tx`): `const { user } = session` binds no delegate.
 */

const NAME = String.raw`[A-Za-z_$][\w$]*`;
const PATH = String.raw`${NAME}(?:\s*\.\s*${NAME})*(?:\s*\(\s*\))?`;
const CLIENT_LIKE = /prisma|client|\bdb\b|\btx\b/i;

/** Bound name → the delegate it holds (`website`, `teamUser`), for the delegates given. */
export function prismaDelegateNames(text: string, delegates: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(new RegExp(String.raw`\b(?:const|let|var)\s*\{([^{}]*)\}\s*=\s*(?:await\s+)?(${PATH})`, 'g'))) {
    if (!CLIENT_LIKE.test(m[2]!)) continue;
    for (const part of m[1]!.split(',')) {
      const p = new RegExp(String.raw`^\s*(${NAME})\s*(?::\s*(${NAME}))?\s*$`).exec(part);
      if (p && delegates.has(p[1]!)) out.set(p[2] ?? p[1]!, p[1]!);
    }
  }
  for (const m of text.matchAll(new RegExp(String.raw`\b(?:const|let|var)\s+(${NAME})\s*=\s*(${PATH})\s*\.\s*([a-z]\w*)\s*(?:;|\n)`, 'g')))
    if (delegates.has(m[3]!) && CLIENT_LIKE.test(m[2]!)) out.set(m[1]!, m[3]!);
  return out;
}
