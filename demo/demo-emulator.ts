/**
 * The emulator as the demo runs it (Node only): the demo's three auth proxy configurations on one
 * parent organization, a root key of that organization made here, and with it the organization's
 * webhook pointed at the demo page's receiver, so the page's webhook log fills as people use it.
 * Used by scripts/start.mjs and by the demo's end-to-end test.
 */
import { createEmulator, type Emulator, type EmulatorUrls } from './emulator/emulator.ts';
import { createStamp } from '../src/entries/signing.ts';
import { toCompressedHex, toHex } from '../src/entries/encoding.ts';
import { DEMO_ORGANIZATION_ID, demoProxyConfigs } from './demo-configs.ts';

export interface DemoEmulatorOptions {
  host?: string;
  port?: number;
  proxyPort?: number;
  /** Where the demo page is served (for the logo URL in the configurations). */
  pageOrigin: string;
  quiet?: boolean;
  /** The local chains (`--chains`): `npm start` runs them all; off by default (the demo's test). */
  chains?: 'all' | 'evm' | 'solana' | 'off';
}

export interface DemoEmulator {
  emulator: Emulator;
  urls: EmulatorUrls;
  /** Sends the demo organization's activities (and its sub-organizations') to `url`. */
  enableWebhook(url: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startDemoEmulator(options: DemoEmulatorOptions): Promise<DemoEmulator> {
  // A root key of the demo organization, kept in this process only: it configures the webhook.
  const root = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const rootId = toCompressedHex(toHex(new Uint8Array(await crypto.subtle.exportKey('raw', root.publicKey))));
  const emulator = createEmulator({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    proxyPort: options.proxyPort ?? 0,
    quiet: options.quiet ?? false,
    proxyConfigs: demoProxyConfigs(options.pageOrigin),
    rootApiKeys: [rootId],
    // The demo page shows the OTP outbox and the webhook log: its origin may read them.
    devOrigins: [options.pageOrigin],
    chains: options.chains ?? 'off',
  });
  const urls = await emulator.start();
  return {
    emulator,
    urls,
    async enableWebhook(url) {
      const body = JSON.stringify({
        type: 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE',
        timestampMs: String(Date.now()),
        organizationId: DEMO_ORGANIZATION_ID,
        parameters: { name: 'FEATURE_NAME_WEBHOOK', value: url },
      });
      const answer = await fetch(`${urls.apiUrl}/public/v1/submit/set_organization_feature`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Stamp': await createStamp(body, { id: rootId, privateKey: root.privateKey }) },
        body,
      });
      if (!answer.ok) throw new Error(`The emulator refused the demo webhook (${answer.status}): ${await answer.text()}`);
    },
    stop: () => emulator.stop(),
  };
}
