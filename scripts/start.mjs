// `npm start`: installs dependencies if missing, starts the emulator (Activity API + auth proxy
// + OAuth provider + OTP outbox + on-ramp sandbox + webhooks) and the demo page, and prints
// their URLs. Everything binds to 127.0.0.1.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps, ROOT } from './ensure-deps.mjs';

ensureDeps();
const { createServer } = await import('vite');
const HOST = '127.0.0.1';
const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const apiPort = portArg >= 0 ? Number(args[portArg + 1]) : 8787;

let emulatorUrls = null;
if (existsSync(join(ROOT, 'demo/emulator/emulator.ts'))) {
  await import('tsx/esm/api').then(({ register }) => register());
  const { createEmulator } = await import(join(ROOT, 'demo/emulator/emulator.ts'));
  const emulator = createEmulator({ host: HOST, port: apiPort, proxyPort: apiPort + 1 });
  emulatorUrls = await emulator.start();
  const stop = async () => {
    await emulator.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const demo = await createServer({
  configFile: false,
  root: join(ROOT, 'demo'),
  // The demo imports the kit by its public name, as a page would.
  resolve: { alias: { latchkey: join(ROOT, 'src/index.ts') } },
  server: { host: HOST, port: 5173, strictPort: false },
  define: emulatorUrls ? { __LATCHKEY_EMULATOR__: JSON.stringify(emulatorUrls) } : { __LATCHKEY_EMULATOR__: 'null' },
  logLevel: 'warn',
});
await demo.listen();
const demoUrl = demo.resolvedUrls?.local[0] ?? `http://${HOST}:5173/`;
console.log('\nLatchkey is running:');
console.log(`  demo page      ${demoUrl}`);
if (emulatorUrls) {
  console.log(`  Activity API   ${emulatorUrls.apiUrl}`);
  console.log(`  auth proxy     ${emulatorUrls.proxyUrl}`);
  console.log(`  OTP outbox     ${emulatorUrls.apiUrl}/__outbox`);
  console.log(`  webhook log    ${emulatorUrls.apiUrl}/__webhooks`);
} else {
  console.log('  (the emulator is not built yet: the demo page is a placeholder)');
}
console.log('Press Ctrl+C to stop.');
