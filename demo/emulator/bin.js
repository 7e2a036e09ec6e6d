#!/usr/bin/env node
// The `latchkey-emulator` command: registers tsx so Node can run the TypeScript sources, then
// starts the emulator's CLI (demo/emulator/cli.ts).
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
