#!/usr/bin/env node
// The `commflow-conformance` command. It lives outside dist/ so that installing the workspace
// (before anything is built) can link it; the CLI itself is the build's dist/cli.js.
import('../dist/cli.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli.js')) {
    process.stderr.write('commflow-conformance: not built yet. Run `npx -y pnpm@10 run build` first.\n');
    process.exit(2);
  }
  throw error;
});
