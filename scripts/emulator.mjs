// `npm run emulator -- [--port N] [--data FILE] [--config FILE]`: the emulator alone, through the
// bin of its package (the `latchkey-emulator` workspace at demo/emulator), as `npx` runs it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps, ROOT } from './ensure-deps.mjs';

ensureDeps();
const emulatorDir = join(ROOT, 'demo/emulator');
const { bin } = JSON.parse(readFileSync(join(emulatorDir, 'package.json'), 'utf8'));
const child = spawn(process.execPath, [join(emulatorDir, bin['latchkey-emulator']), ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
