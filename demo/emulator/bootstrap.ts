/**
 * First-start (and every-start) setup: each proxy configuration gets its parent organization,
 * its proxy user and its proxy API key, as enabling the hosted proxy does. The binding is kept
 * in the state, so ids and keys survive restarts with `--data`.
 */
import { addApiKey } from './identity/api-keys.ts';
import { newP256Scalar, p256Signer } from './keys/p256-signer.ts';
import { p256 } from '@noble/curves/nist.js';
import { LatchError } from '../../src/errors/latch-error.ts';
import type { ProxyConfig } from './config/proxy-config.ts';
import type { Store } from './state/store.ts';
import type { ProxyBindingRecord } from './state/records.ts';

const isP256Point = (hex: string): boolean => {
  try {
    p256.Point.fromHex(hex);
    return true;
  } catch {
    return false;
  }
};

export const PROXY_USER_NAME = 'Auth Proxy';
export const ROOT_USER_NAME = 'Root User';

async function ensureBinding(store: Store, config: ProxyConfig, now: number): Promise<void> {
  if (store.read.proxyBindings.get(config.id)) return;
  const scalar = newP256Scalar();
  const signer = await p256Signer(scalar);
  await store.transact((tx) => {
    if (tx.proxyBindings.get(config.id)) return;
    const organizationId = config.organizationId ?? crypto.randomUUID();
    if (!tx.organizations.get(organizationId)) {
      tx.organizations.put({ id: organizationId, name: config.organizationName, rootUserIds: [], features: {}, createdAt: now, updatedAt: now });
    }
    const userId = crypto.randomUUID();
    tx.users.put({ id: userId, organizationId, userName: `${PROXY_USER_NAME} (${config.id})`, userTags: [], createdAt: now, updatedAt: now });
    const key = addApiKey(
      tx,
      { userId, organizationId, apiKeyName: `auth proxy ${config.id}`, publicKey: signer.compressedHex, curveType: 'API_KEY_CURVE_P256', origin: 'PROXY' },
      now,
    );
    const binding: ProxyBindingRecord = {
      id: config.id,
      organizationId,
      proxyUserId: userId,
      apiKeyId: key.id,
      privateKeyHex: scalar,
      publicKeyHex: signer.compressedHex,
      createdAt: now,
      updatedAt: now,
    };
    tx.proxyBindings.put(binding);
  });
}

/** Public keys (compressed P-256 hex) that act as a root user of the `demo` organization. */
async function ensureRootKeys(store: Store, organizationId: string, publicKeys: readonly string[], now: number): Promise<void> {
  const wanted = publicKeys.map((k) => k.toLowerCase());
  for (const key of wanted) {
    // A key that is no point of P-256 would only fail every stamp later: say so at start.
    if (!/^0[23][0-9a-f]{64}$/.test(key) || !isP256Point(key)) throw new LatchError('ERR_CONFIG_INVALID', `Root API key ${key} is not a compressed P-256 public key.`);
  }
  await store.transact((tx) => {
    const org = tx.organizations.get(organizationId)!;
    let user = tx.users.findBy('organizationId', organizationId).find((u) => u.userName === ROOT_USER_NAME);
    if (!user) {
      user = tx.users.put({ id: crypto.randomUUID(), organizationId, userName: ROOT_USER_NAME, userTags: [], createdAt: now, updatedAt: now });
      tx.organizations.put({ ...org, rootUserIds: [...org.rootUserIds, user.id], updatedAt: now });
    }
    const have = new Set(tx.apiKeys.findBy('userId', user.id).map((k) => k.publicKey));
    for (const publicKey of wanted) {
      if (have.has(publicKey)) continue;
      addApiKey(tx, { userId: user.id, organizationId, apiKeyName: 'root key', publicKey, curveType: 'API_KEY_CURVE_P256', origin: 'API' }, now);
      have.add(publicKey);
    }
  });
}

export async function bootstrap(store: Store, configs: ReadonlyMap<string, ProxyConfig>, rootApiKeys: readonly string[], now: number): Promise<void> {
  for (const config of configs.values()) await ensureBinding(store, config, now);
  if (rootApiKeys.length > 0) await ensureRootKeys(store, store.read.proxyBindings.get('demo')!.organizationId, rootApiKeys, now);
}
