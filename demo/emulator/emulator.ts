/**
 * The emulator of the wallet service: an Activity API origin (with the emulator's own pages:
 * keys, OTP outbox, OAuth provider) and an auth proxy on its own origin, so CORS and origin
 * checks are real. Usable from tests (`port: 0`), from the test runner and from the CLI.
 *
 *   const emulator = createEmulator({ port: 0 });
 *   const { apiUrl, proxyUrl, oauthUrl } = await emulator.start();
 *   …
 *   await emulator.stop();
 */
import { LatchError } from '../../src/errors/latch-error.ts';
import type { Server } from 'node:http';
import { Store } from './state/store.ts';
import { DataFile, readDataFile, serializeData } from './state/data-file.ts';
import { resolveProxyConfigs } from './config/proxy-config.ts';
import { loadEmulatorKeys } from './keys/emulator-keys.ts';
import { bootstrap } from './bootstrap.ts';
import { defaultHooks } from './api/hooks.ts';
import { DEFAULT_TIMESTAMP_WINDOW } from './api/timestamp-window.ts';
import { createApiApp } from './api/api-app.ts';
import { devRoutes } from './api/dev-routes.ts';
import { createProxyApp } from './proxy/proxy-app.ts';
import { proxyEndpoints } from './proxy/endpoints/registry.ts';
import { activityRegistry } from './activities/registry.ts';
import { queryRegistry } from './queries/registry.ts';
import { oauthRoutes } from './oauth/oauth-routes.ts';
import { createPolicyHook } from './policy/policy-feature.ts';
import { DEFAULT_STEP_UP } from './policy/step-up.ts';
import { onRampRoutes } from './onramp/onramp-feature.ts';
import { WebhookDelivery, webhookRoutes } from './webhooks/webhook-feature.ts';
import { appProofHooks } from './proofs/app-proof-feature.ts';
import { close, createNodeServer, listen } from './http/node-adapter.ts';
import { normalizeOrigin } from './http/cors.ts';
import { startChains } from './chains/chains.ts';
import { chainRoutes } from './chains/chain-routes.ts';
import type { Chains } from './chains/chains.ts';
import { Grpc, serviceError } from './http/service-error.ts';
import { DEFAULT_HOST, DEFAULT_WEBAUTHN } from './options.ts';
import type { EmulatorOptions } from './options.ts';
import type { EmulatorContext, EmulatorUrls } from './context.ts';
import type { EmuApp } from './http/node-adapter.ts';

export type { EmulatorOptions, EmulatorUrls };

export interface Emulator {
  start(): Promise<EmulatorUrls>;
  stop(): Promise<void>;
  /** The live state (tests compare `state.snapshot()` before and after a refused request). */
  readonly state: Store;
  /** Available after start(). */
  readonly context: EmulatorContext;
  /** The Activity API's handler, for in-process calls (benchmarks, the proxy). */
  readonly api: EmuApp;
}

/** Exact origins only: a malformed or non-http(s) entry is a configuration error, not ignored. */
function resolveDevOrigins(origins: readonly string[]): string[] {
  return origins.map((value) => {
    const origin = normalizeOrigin(value);
    if (!origin || origin === '*') throw new LatchError('ERR_CONFIG_INVALID', `devOrigins entries must be exact http(s) origins: ${JSON.stringify(value)}`);
    return origin;
  });
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const store = new Store();
  const host = options.host ?? DEFAULT_HOST;
  const log = options.log ?? ((line: string) => console.log(`[emulator] ${line}`));
  const now = options.now ?? (() => Date.now());
  const servers: Server[] = [];
  let dataFile: DataFile | undefined;
  let ctx: EmulatorContext | undefined;
  let api: EmuApp | undefined;
  let webhooks: WebhookDelivery | undefined;
  let chainsStarting: Promise<Chains | undefined> | undefined;
  let started = false;

  return {
    state: store,
    get context() {
      if (!ctx) throw new LatchError('ERR_FLOW_STATE', 'The emulator has not started.');
      return ctx;
    },
    get api() {
      if (!api) throw new LatchError('ERR_FLOW_STATE', 'The emulator has not started.');
      return api;
    },
    async start() {
      if (started) throw new LatchError('ERR_FLOW_STATE', 'The emulator is already started.');
      started = true;
      const configs = resolveProxyConfigs(options.proxyConfigs ?? []);
      if (options.dataFile) {
        const data = readDataFile(options.dataFile);
        if (data) store.load(data);
        dataFile = new DataFile(options.dataFile, () => serializeData(store.dump()), log);
        const file = dataFile;
        // A failed write (a full disk) is undone in memory by the store and answered as the
        // service's INTERNAL error; the data file keeps its last complete version.
        store.onCommit(() =>
          file.persist().catch((cause: unknown) => {
            throw serviceError(Grpc.INTERNAL, 'DATA_FILE_WRITE_FAILED', 'The emulator could not save the change to its data file; nothing was changed.', { cause });
          }),
        );
      }
      // The chains start (anvil takes ~300 ms) while the keys load, once the configuration and the
      // data file have been read without error; a chain that cannot start is down with its
      // reason, never a failed start.
      const chainsOption = options.chains ?? 'off';
      chainsStarting =
        chainsOption === 'off'
          ? Promise.resolve(undefined)
          : startChains(chainsOption, { ...(options.anvilBinary ? { anvilBinary: options.anvilBinary } : {}), now, host: DEFAULT_HOST, log });
      const keys = await loadEmulatorKeys(store, now());
      await bootstrap(store, configs, options.rootApiKeys ?? [], now());
      // A fresh data file is written even when nothing needed creating (e.g. an empty state).
      if (dataFile) await dataFile.persist();

      const chains = await chainsStarting;
      const urls: EmulatorUrls = { apiUrl: '', proxyUrl: '', oauthUrl: '' };
      const context: EmulatorContext = {
        store,
        keys,
        configs,
        urls,
        hooks: { ...defaultHooks(), policy: createPolicyHook({ now }), ...options.hooks },
        webauthn: options.webauthn ?? DEFAULT_WEBAUTHN,
        timestampWindow: options.timestampWindow ?? DEFAULT_TIMESTAMP_WINDOW,
        stepUp: options.stepUp === false ? null : { ...DEFAULT_STEP_UP, ...options.stepUp },
        quiet: options.quiet ?? false,
        devOrigins: resolveDevOrigins(options.devOrigins ?? []),
        now,
        log,
        ...(options.devFixedOtp !== undefined ? { devFixedOtp: options.devFixedOtp } : {}),
        ...(chains ? { chains } : {}),
      };
      ctx = context;
      Object.assign(context.hooks, appProofHooks(context), options.hooks);
      const delivery = (webhooks = new WebhookDelivery(context, options.webhooks));
      if (!options.hooks?.onActivity) context.hooks.onActivity = (activity) => delivery.onActivity(activity);
      api = createApiApp(context, {
        activities: activityRegistry(),
        queries: queryRegistry(),
        routes: [devRoutes(context), chainRoutes(context), oauthRoutes(context), onRampRoutes(context), webhookRoutes(context, delivery)],
      });
      const proxy = createProxyApp(context, api, proxyEndpoints());

      const apiServer = createNodeServer(api, { bodyLimit: options.bodyLimit, log });
      const proxyServer = createNodeServer(proxy, { bodyLimit: options.bodyLimit, log });
      servers.push(apiServer, proxyServer);
      const port = options.port ?? 0;
      const apiPort = await listen(apiServer, host, port);
      const proxyPort = await listen(proxyServer, host, options.proxyPort ?? (port === 0 ? 0 : port + 1));
      urls.apiUrl = `http://${urlHost(host)}:${apiPort}`;
      urls.proxyUrl = `http://${urlHost(host)}:${proxyPort}`;
      urls.oauthUrl = `${urls.apiUrl}/oauth`;
      return { ...urls };
    },
    async stop() {
      webhooks?.close();
      await Promise.all(servers.splice(0).map((server) => close(server)));
      const chains = await chainsStarting?.catch(() => undefined);
      await chains?.stop();
      await dataFile?.drain();
    },
  };
}
