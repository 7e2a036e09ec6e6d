/**
 * Starts a real emulator on 127.0.0.1 (ephemeral ports) for one test file, with a root API key
 * of the `demo` organization that the tests sign with, and helpers to call it over HTTP.
 */
import { createEmulator } from '../../../demo/emulator/emulator.ts';
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

export interface Fixture {
  emulator: Emulator;
  urls: EmulatorUrls;
  root: TestKey;
  /** The `demo` configuration's parent organization. */
  demoOrgId: string;
  stop(): Promise<void>;
}

export async function startFixture(options: EmulatorOptions = {}): Promise<Fixture> {
  const root = await newTestKey();
  const emulator = createEmulator({ port: 0, quiet: true, log: () => undefined, ...options, rootApiKeys: [root.id, ...(options.rootApiKeys ?? [])] });
  const urls = await emulator.start();
  const demoOrgId = emulator.state.read.proxyBindings.get('demo')!.organizationId;
  return { emulator, urls, root, demoOrgId, stop: () => emulator.stop() };
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

/** POSTs `body` (a string is sent byte for byte) with an X-Stamp by `key` unless `stamp` is given. */
export async function stampedPost(
  url: string,
  body: unknown,
  key: TestKey | null,
  headers: Record<string, string> = {},
): Promise<Answer> {
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

/** An activity body for `operation` with a fresh timestamp. */
export function activityBody(type: string, organizationId: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { type, timestampMs: String(Date.now()), organizationId, parameters, ...extra };
}
