/**
 * @module presentations/cli/glossary-hints
 * What to do about a glossary failure, in the command line's words: the core keeps it as data (a
 * remedy: list the terms, edit the term holding a name, add or describe a source), and each remedy becomes
 * the `sextant …` command that does it. Hints the core words itself ("did you mean 'revenue'?")
 * are shown as they are.
 */
import { glossaryRemedy, type GlossaryRemedy } from '../../core/glossary/index.js';
import type { SextantError } from '../../kernel/errors.js';

export function cliRemedy(remedy: GlossaryRemedy): string {
  switch (remedy.action) {
    case 'list-terms':
      return 'list the terms with `sextant glossary list`';
    case 'edit-term':
      return remedy.taken === 'name'
        ? `change it with \`sextant glossary edit '${remedy.term}' …\`, or pick another name`
        : `pick another name, or change term '${remedy.term}' with \`sextant glossary edit\``;
    case 'add-source':
      return 'add one with `sextant source add`';
    case 'describe-source':
      return `see its tables and columns with \`sextant describe ${remedy.source}\``;
  }
}

/** The hint of an error as the CLI prints it: its own, or the remedy it carries in these words. */
export function cliHint(err: Pick<SextantError, 'hint' | 'details'>): string | undefined {
  if (err.hint) return err.hint;
  const remedy = glossaryRemedy(err);
  return remedy ? cliRemedy(remedy) : undefined;
}
