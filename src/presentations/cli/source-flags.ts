/**
 * @module presentations/cli/source-flags
 * `source add` options derived from the registered source kinds' option schemas: a string is
 * `--flag <VAR>` (a choice `--flag <a|b>`), a boolean `--flag`, a list a repeatable `--flag <value>`, a record a repeatable
 * `--flag <Key=VALUE>`. Keys are camelCase; flags kebab-case unless the schema names them.
 */
import type { Command } from 'commander';
import { z } from 'zod';
import { SextantError } from '../../kernel/errors.js';
import type { SourceKind } from '../../ports/source-kind.js';

type FlagShape = 'string' | 'boolean' | 'list' | 'pairs';

export interface SourceOptionFlag {
  /** Option key stored on the source, e.g. `skipPatterns`. */
  key: string;
  /** Flag without dashes, e.g. `skip-pattern`. */
  flag: string;
  shape: FlagShape;
  placeholder: string;
  description: string;
  example: string | null;
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const unwrapped = (field: z.ZodType): z.ZodType => (field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field);

/** A choice of values reads as them (`bearer|api-key`), not as a variable name. */
function enumPlaceholder(field: z.ZodType): string | null {
  const inner = unwrapped(field);
  return inner instanceof z.ZodEnum ? inner.options.join('|') : null;
}

function shapeOf(field: z.ZodType): FlagShape {
  const inner = unwrapped(field);
  if (inner instanceof z.ZodBoolean) return 'boolean';
  if (inner instanceof z.ZodArray) return 'list';
  if (inner instanceof z.ZodRecord) return 'pairs';
  return 'string';
}

/** Every option of every family, once per key, in registration order. */
export function sourceOptionFlags(kinds: readonly SourceKind[]): SourceOptionFlag[] {
  const flags = new Map<string, SourceOptionFlag>();
  for (const kind of kinds) {
    if (!(kind.options instanceof z.ZodObject)) continue;
    for (const [key, field] of Object.entries(kind.options.shape as Record<string, z.ZodType>)) {
      if (flags.has(key)) continue;
      const meta = field.meta() ?? {};
      flags.set(key, {
        key,
        flag: text(meta.flag) ?? kebab(key),
        shape: shapeOf(field),
        placeholder: text(meta.placeholder) ?? enumPlaceholder(field) ?? 'VAR',
        description: field.description ?? '',
        example: text(meta.example),
      });
    }
  }
  return [...flags.values()];
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function addSourceOptionFlags(command: Command, flags: readonly SourceOptionFlag[]): Command {
  for (const f of flags) {
    if (f.shape === 'boolean') command.option(`--${f.flag}`, f.description);
    else if (f.shape === 'string') command.option(`--${f.flag} <${f.placeholder}>`, f.description);
    else command.option(`--${f.flag} <${f.placeholder}>`, f.description, collect);
  }
  return command;
}

/** The source options the given flags set (parsed commander values by camelCase flag name). */
export function sourceOptionsFrom(values: Record<string, unknown>, flags: readonly SourceOptionFlag[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const f of flags) {
    const value = values[camel(f.flag)];
    if (value === undefined || value === false || value === '') continue;
    if (f.shape !== 'pairs') {
      options[f.key] = value;
      continue;
    }
    const pairs: Record<string, string> = {};
    for (const pair of value as string[]) {
      const i = pair.indexOf('=');
      if (i <= 0)
        throw new SextantError('USAGE', `--${f.flag} expects ${f.placeholder}, got '${pair}'`, f.example ? { hint: `e.g. --${f.flag} '${f.example}'` } : {});
      pairs[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
    }
    if (Object.keys(pairs).length) options[f.key] = pairs;
  }
  return options;
}
