/**
 * @module core/access/privileges
 * The one privilege policy for every path that runs against a user's database: `update`
 * (introspection) and the glossary (term SQL). A role with more than read privileges is refused
 * unless the operator accepted it, per run (`update --allow-extra-privileges`) or per source
 * (`source add … --allow-extra-privileges`, stored). The refusal is short: counts, the first
 * findings, and the command that lists them all.
 */
import { SextantError } from '../../kernel/errors.js';
import type { AccessReport, SourceRecord } from '../../ports/connector.js';

const SHOWN_FINDINGS = 3;
const FINDING_CHARS = 160;

/** True when the operator stored their acceptance of extra privileges on the source. */
export function sourceAcceptsExtraPrivileges(source: SourceRecord): boolean {
  return source.options.allowExtraPrivileges === true;
}

/** One line: how many findings, the first few (clipped), and where to see the rest. */
export function summariseFindings(source: string, access: AccessReport): string {
  const fails = access.findings.filter((f) => f.severity === 'fail').map((f) => f.message);
  const shown = fails.slice(0, SHOWN_FINDINGS).map((m) => (m.length > FINDING_CHARS ? `${m.slice(0, FINDING_CHARS - 1)}…` : m));
  const more = fails.length > shown.length ? `; and ${fails.length - shown.length} more (\`sextant auth check --source ${source}\` lists all)` : '';
  return `${fails.length} finding${fails.length === 1 ? '' : 's'}: ${shown.join('; ')}${more}`;
}

/** The error every path throws or reports when a role has more than read privileges. */
export function privilegeRefusal(source: string, access: AccessReport, action: string): SextantError {
  return new SextantError(
    'PRIVILEGES_TOO_BROAD',
    `role '${access.role}' of source '${source}' has more than read privileges (${summariseFindings(source, access)}); ${action}`,
    {
      hint: `connect as a read-only role (README, Safety, has the recipe); to accept this role anyway, add the source with --allow-extra-privileges`,
      details: { findings: access.findings },
    },
  );
}
