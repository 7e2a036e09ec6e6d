// Emulator load (npm run bench): stamped sign_raw_payload activities per second and full OTP
// sign-up-and-login flows per second, with p50 / p99 latency, against an emulator running in its
// own process on 127.0.0.1. Bounded: a fixed number of requests, a fixed concurrency.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ActivityClient, activityResult } from '../../src/clients/activity-client.ts';
import { ProxyClient } from '../../src/clients/proxy-client.ts';
import { ApiKeyStamper } from '../../src/stamp/api-key-stamper.ts';
import { MemoryKeyStore } from '../../src/keys/memory-key-store.ts';
import { startOtp, completeOtp } from '../../src/flows/otp-flow.ts';

export interface LoadFigures {
  operations: number;
  concurrency: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function run(total: number, concurrency: number, once: (i: number) => Promise<void>): Promise<LoadFigures> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          await once(i);
          latencies.push(performance.now() - t0);
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { operations: total, concurrency, perSecond: round(latencies.length / seconds), p50Ms: round(percentile(latencies, 50)), p99Ms: round(percentile(latencies, 99)), failures };
}

async function startServer(rootKeyId: string): Promise<{ urls: { apiUrl: string; proxyUrl: string }; stop: () => void }> {
  const script = fileURLToPath(new URL('./emulator-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, rootKeyId], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  return { urls: JSON.parse(line), stop: () => child.kill('SIGTERM') };
}

export async function emulatorLoad(options: { activities?: number; flows?: number } = {}): Promise<{ signRawPayload: LoadFigures; otpFlows: LoadFigures }> {
  const keyStore = new MemoryKeyStore();
  const root = await keyStore.create({ purpose: 'bench-root' });
  const { urls, stop } = await startServer(root.id);
  try {
    const proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'demo' });
    const { organizationId } = await proxy.walletKitConfig({});
    const client = new ActivityClient({ apiBaseUrl: urls.apiUrl, stamper: new ApiKeyStamper(root) });
    const wallet = await client.submit('create_wallet', {
      organizationId,
      parameters: { walletName: 'bench', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] },
    });
    const address = activityResult(wallet).addresses[0]!;
    // Each payload differs: identical bodies would be one (idempotent) activity.
    const signRawPayload = await run(options.activities ?? 3000, 32, async (i) => {
      await client.submit('sign_raw_payload', {
        organizationId,
        parameters: { signWith: address, payload: i.toString(16).padStart(64, '0'), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' },
      });
    });
    const otpFlows = await run(options.flows ?? 200, 16, async (i) => {
      const contact = `bench.${i}.${Date.now()}@example.com`;
      const { otpId } = await startOtp({ proxy }, { otpType: 'OTP_TYPE_EMAIL', contact });
      const outbox = (await (await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`)).json()) as { messages: { code: string }[] };
      await completeOtp({ proxy, keyStore: new MemoryKeyStore() }, { otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: outbox.messages[0]!.code });
    });
    return { signRawPayload, otpFlows };
  } finally {
    stop();
  }
}
