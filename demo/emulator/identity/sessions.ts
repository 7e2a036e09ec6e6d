/**
 * Login results. A session (otp_login, oauth_login, stamp_login) registers the client's own
 * key as an expiring API key and returns a session JWT signed by the emulator's notarizer.
 * A credential (otp_auth, oauth, create_read_write_session) is a new key made here, registered
 * the same way, and returned encrypted to the client's target key in a credential bundle.
 */
import { p256 } from '@noble/curves/nist.js';
import { signSessionJwt } from '../../../src/tokens/session-jwt.ts';
import { encryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { invalidRequest } from '../http/service-error.ts';
import { addApiKey, invalidateKeysOfOrigin } from './api-keys.ts';
import type { EmulatorContext } from '../context.ts';
import type { Tx } from '../state/store.ts';
import type { ApiKeyOrigin, UserRecord } from '../state/records.ts';

/** The service's default credential lifetime: 15 minutes. */
export const DEFAULT_SESSION_SECONDS = 900;
export const MAX_SESSION_SECONDS = 31_536_000;

const COMPRESSED_P256 = /^0[23][0-9a-fA-F]{64}$/;

export function checkClientPublicKey(value: unknown, where: string): string {
  if (typeof value !== 'string' || !COMPRESSED_P256.test(value)) throw invalidRequest(`${where} must be a compressed P-256 public key in hex.`);
  try {
    p256.Point.fromHex(value);
  } catch (error) {
    throw invalidRequest(`${where} is not a point on P-256.`, error);
  }
  return value.toLowerCase();
}

export interface LoginRequest {
  user: UserRecord;
  organizationId: string;
  expirationSeconds?: number;
  invalidateExisting?: boolean;
  origin: ApiKeyOrigin;
  apiKeyName?: string;
  /** When the user proved presence (identity/proof-time.ts); default: now. */
  authenticatedAt?: number;
}

export async function issueSession(ctx: EmulatorContext, tx: Tx, login: LoginRequest & { publicKey: string }, now: number): Promise<string> {
  const seconds = login.expirationSeconds ?? DEFAULT_SESSION_SECONDS;
  if (login.invalidateExisting) invalidateKeysOfOrigin(tx, login.user.id, login.origin);
  // The same key logging in again (a refresh) replaces its earlier registration.
  for (const key of tx.apiKeys.findBy('userId', login.user.id)) if (key.publicKey === login.publicKey) tx.apiKeys.delete(key.id);
  addApiKey(
    tx,
    {
      userId: login.user.id,
      organizationId: login.user.organizationId,
      apiKeyName: login.apiKeyName ?? `Session - ${new Date(now).toISOString()}`,
      publicKey: login.publicKey,
      curveType: 'API_KEY_CURVE_P256',
      expirationSeconds: seconds,
      origin: login.origin,
      ...(login.authenticatedAt !== undefined ? { authenticatedAt: login.authenticatedAt } : {}),
    },
    now,
  );
  return signSessionJwt(
    {
      exp: Math.floor(now / 1000) + seconds,
      public_key: login.publicKey,
      session_type: 'SESSION_TYPE_READ_WRITE',
      user_id: login.user.id,
      organization_id: login.organizationId,
    },
    ctx.keys.notarizer.privateKey,
  );
}

export async function issueCredential(
  _ctx: EmulatorContext,
  tx: Tx,
  login: LoginRequest & { targetPublicKey: string },
  now: number,
): Promise<{ apiKeyId: string; credentialBundle: string }> {
  const privateKey = p256.utils.randomSecretKey();
  if (login.invalidateExisting) invalidateKeysOfOrigin(tx, login.user.id, login.origin);
  const key = addApiKey(
    tx,
    {
      userId: login.user.id,
      organizationId: login.user.organizationId,
      apiKeyName: login.apiKeyName ?? `${login.origin === 'OTP' ? 'OTP Auth' : login.origin === 'OAUTH' ? 'Oauth' : 'Session'} - ${new Date(now).toISOString()}`,
      publicKey: toHex(p256.getPublicKey(privateKey, true)),
      curveType: 'API_KEY_CURVE_P256',
      expirationSeconds: login.expirationSeconds ?? DEFAULT_SESSION_SECONDS,
      origin: login.origin,
      ...(login.authenticatedAt !== undefined ? { authenticatedAt: login.authenticatedAt } : {}),
    },
    now,
  );
  const credentialBundle = await encryptCredentialBundle(privateKey, login.targetPublicKey);
  privateKey.fill(0);
  return { apiKeyId: key.id, credentialBundle };
}
