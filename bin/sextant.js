#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/presentations/cli (run `npm run build` first).
import('../dist/presentations/cli/main.js')
  .then((m) => m.main(process.argv))
  .catch((err) => {
    if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/presentations')) {
      console.error('sextant: not built yet; run `npm run build` in the repository first');
      process.exit(1);
    }
    throw err;
  });
