/**
 * @module adapters/connector/code/orm/activerecord-concerns
 * Rails concerns (`ActiveSupport::Concern`) as the models including them see them: a module's
 * `included do … end` block is run in each class that `include`s the module, so the associations
 * and scopes written there are the class's own, and its `class_methods do … end` defines class
 * methods. A concern including another (in its body or its `included` block) gives the class both,
 * as `ActiveSupport::Concern` resolves its dependencies.
 */
import { blockEnd, constantCandidates } from './ruby-blocks.js';

/** A stretch of a file's text (comments blanked) a model's associations may be written in. */
export interface RubyBody {
  path: string;
  text: string;
  start: number;
  end: number;
}

export interface ArConcern {
  /** Its `included do … end` blocks. */
  included: RubyBody[];
  /** The modules it includes, each as the full names it may stand for, in Ruby's order of lookup. */
  includes: string[][];
  scopeNames: string[];
  classMethods: string[];
}

const CONSTANT = String.raw`(?:::)?[A-Z]\w*(?:::[A-Z]\w*)*`;
const INCLUDE = new RegExp(String.raw`^[ \t]*include[ \t(]+(${CONSTANT}(?:\s*,\s*${CONSTANT})*)`, 'gm');

/** The modules a class or module body includes, each as the names it may stand for where written (`nesting`, innermost first). */
export function includedModules(body: string, nesting: readonly string[]): string[][] {
  return [...body.matchAll(INCLUDE)].flatMap((m) => m[1]!.split(/\s*,\s*/).map((written) => constantCandidates(written, nesting)));
}

/** The blocks a `<keyword> do … end` opens in `body` (at offset `offset` of `text`). */
function blocks(text: string, body: string, offset: number, keyword: string): Array<{ start: number; end: number }> {
  return [...body.matchAll(new RegExp(String.raw`^[ \t]*${keyword}[ \t]+do\b[^\n]*`, 'gm'))].map((m) => ({
    start: offset + m.index + m[0].length,
    end: blockEnd(text, offset + m.index),
  }));
}

/** The concern a module's own body (`ownBody`, at offset `start` of `text`) makes, if it is one: one with an `included` or `class_methods` block, or `extend ActiveSupport::Concern`. */
export function concernOf(path: string, text: string, body: string, start: number, nesting: readonly string[]): ArConcern | undefined {
  const included = blocks(text, body, start, 'included');
  const classMethods = blocks(text, body, start, 'class_methods');
  if (!included.length && !classMethods.length && !/^[ \t]*extend\s+(?:::)?ActiveSupport::Concern\b/m.test(body)) return undefined;
  const inIncluded = included.map((b) => text.slice(b.start, b.end)).join('\n');
  return {
    included: included.map((b) => ({ path, text, ...b })),
    includes: includedModules(body, nesting),
    scopeNames: [...inIncluded.matchAll(/^[ \t]*scope\s*\(?\s*:(\w+[?!]?)/gm)].map((m) => m[1]!),
    classMethods: classMethods.flatMap((b) => [...text.slice(b.start, b.end).matchAll(/\bdef\s+(\w+[?!]?)/g)].map((m) => m[1]!)),
  };
}

/** The concerns reached from a class's includes, each once, following the concerns they include. */
export function concernsReached(includes: readonly string[][], concerns: ReadonlyMap<string, ArConcern>): ArConcern[] {
  const out: ArConcern[] = [];
  const visit = (candidates: readonly string[]) => {
    const found = candidates.map((n) => concerns.get(n)).find(Boolean);
    if (!found || out.includes(found)) return;
    out.push(found);
    found.includes.forEach(visit);
  };
  includes.forEach(visit);
  return out;
}
