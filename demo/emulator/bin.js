#!/usr/bin/env node
// The `latchkey-emulator` command. Installed from its package, it runs the built JavaScript
// (dist/cli.js, made by build.mjs when the package is packed). In a checkout of the repository,
// where the TypeScript sources sit beside it, it runs them through tsx (a devDependency of the
// repository, never of this package), so developing the emulator needs no build; the package
// ships no cli.ts, so an installed copy never takes that branch.
// Plain JavaScript that any Node parses, so an older Node gets this message, not a stack trace.
import { existsSync } from 'node:fs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `latchkey-emulator needs Node.js 20.19 or later; this is Node.js ${process.versions.node}.\n` +
      'Install a current Node.js (https://nodejs.org, or `nvm install 22`) and run it again.',
  );
  process.exit(1);
}

const source = new URL('./cli.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import('./dist/cli.js');
}
