/**
 * Starts a real emulator on 127.0.0.1 (ephemeral ports) for one test file, with a root API key
 * of the `demo` organization, a clock the tests can move, and helpers to call it over HTTP.
 */
import { createEmulator } from '../../../demo/emulator/emulator.ts';
import { SUBMIT_OPERATIONS } from '../../../demo/emulator/api/operations.ts';
import { createStamp } from '../../../src/stamp/create-stamp.ts';
import { generateSigningKeyPair, keyIdOf } from '../../../src/keys/key-pair.ts';
import type { Emulator, EmulatorOptions, EmulatorUrls } from '../../../demo/emulator/emulator.ts';

export interface TestKey {
  id: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

export async function newTestKey(): Promise<TestKey> {
  const pair = await generateSigningKeyPair();
  return { id: await keyIdOf(pair.publicKey), privateKey: pair.privateKey, publicKey: pair.publicKey };
}

export interface Answer {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** POSTs `body` (a string is sent byte for byte) with an X-Stamp by `key` (none when null). */
export async function stampedPost(url: string, body: unknown, key: TestKey | null, headers: Record<string, string> = {}): Promise<Answer> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const h: Record<string, string> = { 'content-type': 'application/json', ...headers };
  if (key) h['X-Stamp'] = await createStamp(text, key);
  return answer(await fetch(url, { method: 'POST', headers: h, body: text }));
}

export async function plainPost(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return answer(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text }));
}

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return answer(await fetch(url, { headers }));
}

export interface Fixture {
  emulator: Emulator;
  urls: EmulatorUrls;
  root: TestKey;
  /** The `demo` configuration's parent organization. */
  demoOrgId: string;
  /** The emulator's clock; `advance` moves it. */
  now(): number;
  advance(ms: number): void;
  /** A submit body with a fresh timestamp from the emulator's clock. */
  body(operation: string, organizationId: string, parameters: Record<string, unknown>, extra?: Record<string, unknown>): Record<string, unknown>;
  submit(operation: string, organizationId: string, parameters: Record<string, unknown>, key?: TestKey | null): Promise<Answer>;
  query(operation: string, body: Record<string, unknown>, key?: TestKey | null): Promise<Answer>;
  /** POST to the auth proxy with the `demo` configuration (override headers to change it). */
  proxy(endpoint: string, body: unknown, headers?: Record<string, string>): Promise<Answer>;
  stop(): Promise<void>;
}

export async function startFixture(options: EmulatorOptions = {}): Promise<Fixture> {
  const root = await newTestKey();
  let offset = 0;
  const now = () => Date.now() + offset;
  const emulator = createEmulator({ port: 0, quiet: true, log: () => undefined, now, ...options, rootApiKeys: [root.id, ...(options.rootApiKeys ?? [])] });
  const urls = await emulator.start();
  const demoOrgId = emulator.state.read.proxyBindings.get('demo')!.organizationId;
  const body = (operation: string, organizationId: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    type: SUBMIT_OPERATIONS[operation]?.type ?? 'ACTIVITY_TYPE_UNKNOWN',
    timestampMs: String(now()),
    organizationId,
    parameters,
    ...extra,
  });
  return {
    emulator,
    urls,
    root,
    demoOrgId,
    now,
    advance: (ms) => {
      offset += ms;
    },
    body,
    submit: (operation, organizationId, parameters, key = root) =>
      stampedPost(`${urls.apiUrl}/public/v1/submit/${operation}`, body(operation, organizationId, parameters), key),
    query: (operation, b, key = root) => stampedPost(`${urls.apiUrl}/public/v1/query/${operation}`, b, key),
    proxy: (endpoint, b, headers = {}) => plainPost(`${urls.proxyUrl}/v1/${endpoint}`, b, { 'X-Auth-Proxy-Config-Id': 'demo', ...headers }),
    stop: () => emulator.stop(),
  };
}

/**
 * A sub-organization of `parent` (default: the demo organization) whose one root user holds
 * `key` as a P-256 API key: the usual start of a test that acts as a user of its own.
 */
export async function subOrganizationWithKey(f: Pick<Fixture, 'submit' | 'demoOrgId'>, key: TestKey, name: string, userName: string): Promise<{ organizationId: string; userId: string }> {
  const created = resultOf(
    await f.submit('create_sub_organization', f.demoOrgId, {
      subOrganizationName: name,
      rootQuorumThreshold: 1,
      rootUsers: [{ userName, apiKeys: [{ apiKeyName: 'k', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
    }),
  );
  return { organizationId: created.subOrganizationId as string, userId: (created.rootUserIds as string[])[0]! };
}

/** The value under the result key of a completed activity answer. */
export function resultOf(a: Answer): Record<string, unknown> {
  const activity = a.json.activity as { result: Record<string, Record<string, unknown>>; status: string } | undefined;
  if (a.status !== 200 || !activity) throw new Error(`activity failed: ${a.status} ${JSON.stringify(a.json)}`);
  return Object.values(activity.result)[0]!;
}
