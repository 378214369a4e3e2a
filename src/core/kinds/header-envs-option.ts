/** @module core/kinds/header-envs-option — `--header-env 'Header=VAR'`, shared by the families that speak HTTP (variable names only, never values). */
import { z } from 'zod';

export const headerEnvsOption = z.record(z.string(), z.string()).optional().meta({
  description: 'GraphQL, OpenAPI, docs: send this header with the value of VAR on discovery, spec and document requests (repeatable)',
  flag: 'header-env',
  placeholder: 'Header=VAR',
  example: 'Authorization=API_TOKEN',
});
