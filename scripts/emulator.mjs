// `npm run emulator -- [--port N] [--data FILE] [--config FILE]`: the emulator alone.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDeps, ROOT } from './ensure-deps.mjs';

ensureDeps();
const child = spawn(process.execPath, [join(ROOT, 'demo/emulator/bin.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
