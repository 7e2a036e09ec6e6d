// A quiet emulator in its own process for the load bench (so the load generator does not share
// its event loop): prints one JSON line with its URLs, then serves until killed.
import { createEmulator } from '../../demo/emulator/emulator.ts';

const rootApiKeys = process.argv.slice(2);
const emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, log: () => undefined, rootApiKeys });
const urls = await emulator.start();
process.stdout.write(JSON.stringify(urls) + '\n');
const stop = () => void emulator.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
