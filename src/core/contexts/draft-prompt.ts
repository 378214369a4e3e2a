/**
 * @module core/contexts/draft-prompt
 * The pure half of `context generate`: what a chat model is shown about one table or view, and
 * how its answer is judged. The model sees numbered facts built from catalog metadata only
 * (names, comments, types, keys, references, view SQL, neighbours); this module is given no
 * connector and no rows, so no row value can reach a prompt. An answer is kept only when it is
 * well-formed JSON, is not a refusal, and cites facts that were actually shown.
 */
import type { ChatMessage } from '../../ports/llm.js';

export interface DraftColumn {
  name: string;
  dataType: string;
  nullable: boolean;
  primaryKey: boolean;
  /** Referenced column path (`billing.invoice.invoice_id`), when a single-column foreign key. */
  references: string | null;
  comment: string | null;
}

export interface DraftNeighbour {
  /** `references`: this object's foreign key points there; `referenced by`: the other way; `reads from` / `read by`: view dependencies. */
  relation: 'references' | 'referenced by' | 'reads from' | 'read by';
  kind: string;
  path: string;
  /** Key columns on this side → the other side, when known. */
  columns: string | null;
  comment: string | null;
}

/** Everything the drafter may know about one relation: schema metadata, never data. */
export interface DraftSubject {
  id: string;
  source: string;
  kind: string;
  path: string;
  name: string;
  comment: string | null;
  /** View SQL, when a view. */
  definition: string | null;
  columns: DraftColumn[];
  /** Unique and check constraints as `name: definition`. */
  constraints: string[];
  neighbours: DraftNeighbour[];
  /** Contexts people wrote on the object's source or schema, as `on schema billing: …`. */
  inherited?: string[];
}

export interface DraftFact {
  /** `F1`, `F2`, … as shown to the model. */
  id: string;
  text: string;
}

export type DraftVerdict = { status: 'drafted'; context: string; evidence: DraftFact[] } | { status: 'skipped'; reason: string };

/** Longest context kept; a longer answer is an essay, not a context. */
export const MAX_CONTEXT_CHARS = 800;
const MAX_DEFINITION_CHARS = 1500;
const MAX_FACTS = 80;

export const DRAFT_SYSTEM_PROMPT = `You write a short context for one database table or view, from its schema only.
You are given numbered facts (F1, F2, ...): names, types, comments, keys, references, view SQL and neighbouring tables.
Rules:
- Say in one to three plain sentences what one row means and what the table is used for, spelling out abbreviations only when the facts support the reading (a reference to a known table, a comment, an unambiguous name).
- Cite the facts your reading rests on by their numbers.
- Be conservative: when the facts do not support a reasonable reading (opaque names, nothing linking it to known tables), do not guess; skip and say why.
- Never invent columns, tables or values that are not in the facts.
Answer with JSON only, either {"context": "...", "evidence": ["F1", "F3"]} or {"skip": "why the facts are not enough"}.`;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function columnFact(c: DraftColumn): string {
  const flags = [c.primaryKey ? 'primary key' : '', c.nullable ? '' : 'not null', c.references ? `references ${c.references}` : ''].filter(Boolean).join(', ');
  return `column ${c.name} ${c.dataType}${flags ? ` (${flags})` : ''}${c.comment ? ` -- ${oneLine(c.comment)}` : ''}`;
}

function neighbourFact(n: DraftNeighbour): string {
  return `${n.relation} ${n.kind} ${n.path}${n.columns ? ` (${n.columns})` : ''}${n.comment ? ` -- ${clip(oneLine(n.comment), 300)}` : ''}`;
}

/** The numbered facts about a subject, in the order the model reads them. */
export function draftFacts(subject: DraftSubject): DraftFact[] {
  const texts = [`${subject.kind} ${subject.path}`];
  if (subject.comment) texts.push(`comment on ${subject.path}: ${oneLine(subject.comment)}`);
  if (subject.definition) texts.push(`view definition: ${clip(oneLine(subject.definition), MAX_DEFINITION_CHARS)}`);
  for (const c of subject.columns) texts.push(columnFact(c));
  for (const c of subject.constraints) texts.push(`constraint ${oneLine(c)}`);
  for (const n of subject.neighbours) texts.push(neighbourFact(n));
  for (const c of subject.inherited ?? []) texts.push(`context written by a person ${oneLine(c)}`);
  return texts.slice(0, MAX_FACTS).map((text, i) => ({ id: `F${i + 1}`, text }));
}

/** The chat messages for one subject. Deterministic, so the same schema hits the same cache entry. */
export function buildDraftPrompt(subject: DraftSubject): { messages: ChatMessage[]; facts: DraftFact[] } {
  const facts = draftFacts(subject);
  const user = [`Source "${subject.source}". Facts about ${subject.kind} ${subject.path}:`, ...facts.map((f) => `${f.id}: ${f.text}`)].join('\n');
  return {
    messages: [
      { role: 'system', content: DRAFT_SYSTEM_PROMPT },
      { role: 'user', content: user },
    ],
    facts,
  };
}

const REFUSAL = /^\s*(i'?m sorry|i am sorry|sorry\b|i can(?:no|')t\b|i cannot\b|i am unable|i'?m unable|i won'?t\b|as an ai\b|unfortunately,? i)/i;

function isRefusal(text: string): boolean {
  return REFUSAL.test(text);
}

function firstJsonObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

const quote = (text: string) => `"${clip(oneLine(text), 80)}"`;

/**
 * Judges a model's answer against the facts it was shown. Anything but a well-formed, grounded
 * draft becomes a skip with the reason, so nothing unsupported is stored.
 */
export function judgeDraftAnswer(answer: string, facts: readonly DraftFact[]): DraftVerdict {
  const skip = (reason: string): DraftVerdict => ({ status: 'skipped', reason });
  if (!answer.trim()) return skip('the model gave an empty answer');
  const parsed = firstJsonObject(answer);
  if (parsed === undefined || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return isRefusal(answer) ? skip(`the model refused: ${quote(answer)}`) : skip(`malformed answer (not a JSON object): ${quote(answer)}`);
  }
  const o = parsed as Record<string, unknown>;
  if ('skip' in o && o.skip !== false && o.skip !== null) {
    const why = typeof o.skip === 'string' && o.skip.trim() ? oneLine(o.skip) : 'no reason given';
    return skip(`the model found the signals too weak: ${clip(why, 300)}`);
  }
  const context = typeof o.context === 'string' ? oneLine(o.context) : '';
  if (!context) return skip('malformed answer: no "context" text and no "skip"');
  if (isRefusal(context)) return skip(`the model refused: ${quote(context)}`);
  if (context.length > MAX_CONTEXT_CHARS) return skip(`the draft is too long (${context.length} characters, at most ${MAX_CONTEXT_CHARS})`);
  const cited = Array.isArray(o.evidence) ? o.evidence : typeof o.evidence === 'string' ? [o.evidence] : [];
  if (cited.length === 0) return skip('the draft cites no evidence');
  const byId = new Map(facts.map((f) => [f.id.toLowerCase(), f]));
  const evidence: DraftFact[] = [];
  for (const item of cited) {
    const ref = typeof item === 'string' ? /^\s*\[?(f\d+)\b/i.exec(item)?.[1] : undefined;
    const fact = ref ? byId.get(ref.toLowerCase()) : undefined;
    if (!fact) return skip(`evidence ${quote(String(typeof item === 'string' ? item : JSON.stringify(item)))} is not among the signals given`);
    if (!evidence.includes(fact)) evidence.push(fact);
  }
  return { status: 'drafted', context, evidence };
}

const SHORT_WORDS = new Set(
  'id at by on to of in is and or the per day key tag map url uri row log job fee tax vat net age sku ip via new old end top day year date time name type code kind note rate plan role team user item line unit cost sale'.split(
    ' ',
  ),
);

/** Share (0..1) of a name's words that look abbreviated: short words that are not common English. */
export function abbreviatedShare(name: string): number {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  if (words.length === 0) return 1;
  const short = words.filter((w) => (w.length <= 4 && !SHORT_WORDS.has(w)) || !/[aeiouy]/.test(w));
  return short.length / words.length;
}

/**
 * How cryptic a relation looks to a reader (higher first): no comment, abbreviated names,
 * uncommented columns. Used to draft legacy tables before well-documented ones.
 */
export function crypticScore(subject: { name: string; comment: string | null; columns: ReadonlyArray<{ name: string; comment: string | null }> }): number {
  const columns = subject.columns;
  const uncommented = columns.length ? columns.filter((c) => !c.comment).length / columns.length : 1;
  const abbreviatedColumns = columns.length ? columns.reduce((sum, c) => sum + abbreviatedShare(c.name), 0) / columns.length : 1;
  return (subject.comment ? 0 : 2) + abbreviatedShare(subject.name) + uncommented + abbreviatedColumns;
}
