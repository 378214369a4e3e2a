/**
 * @module presentations/cli/flags
 * Flag values that several commands parse the same way.
 */
import { SextantError } from '../../kernel/errors.js';

/** A port flag's value: an integer 0-65535 (0 lets the system choose one). */
export function portFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SextantError('USAGE', `--port must be 0-65535, got '${value}'`);
  return port;
}
