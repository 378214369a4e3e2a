/**
 * Test helper: one builtin word-vector cache shared by every test run on this machine
 * (built on first use in ~4 s; the build writes a temp file and renames it, so parallel
 * test files at worst build it twice).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SHARED_MODELS_DIR = process.env.SEXTANT_TEST_MODELS_DIR ?? join(tmpdir(), 'sextant-test-models');
