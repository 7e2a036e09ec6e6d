/**
 * First half of authentication, before the body is parsed: an `X-Stamp` is verified over the
 * raw body bytes right away (no state needed); an `X-Stamp-Webauthn` is only parsed here,
 * because checking it needs the stored authenticator (see principal.ts).
 */
import { verifyStamp } from '../../../src/stamp/verify-stamp.ts';
import { unauthenticated } from '../http/service-error.ts';
import { isObject } from '../http/fields.ts';
import type { EmuRequest } from '../http/exchange.ts';

export interface WebAuthnStamp {
  authenticatorData: string;
  clientDataJson: string;
  credentialId: string;
  signature: string;
  userHandle?: string;
}

export type StampCheck =
  | { kind: 'API_KEY'; publicKey: string }
  | { kind: 'PASSKEY'; stamp: WebAuthnStamp };

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function parseWebAuthnStamp(value: string): WebAuthnStamp {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp-Webauthn header is not JSON.', error);
  }
  if (!isObject(parsed)) throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp-Webauthn header is not a JSON object.');
  const fields = ['authenticatorData', 'clientDataJson', 'credentialId', 'signature'] as const;
  for (const field of fields) {
    const v = parsed[field];
    if (typeof v !== 'string' || !B64URL.test(v)) {
      throw unauthenticated('SIGNATURE_INVALID', `The X-Stamp-Webauthn field ${field} must be base64url.`);
    }
  }
  const stamp = Object.fromEntries(fields.map((f) => [f, parsed[f] as string])) as unknown as WebAuthnStamp;
  if (typeof parsed.userHandle === 'string') stamp.userHandle = parsed.userHandle;
  return stamp;
}

export async function checkStamp(request: EmuRequest): Promise<StampCheck> {
  const apiStamp = request.headers['x-stamp'];
  const passkeyStamp = request.headers['x-stamp-webauthn'];
  if (apiStamp === undefined && passkeyStamp === undefined) {
    throw unauthenticated('SIGNATURE_MISSING', 'The request carries no X-Stamp or X-Stamp-Webauthn header.');
  }
  if (apiStamp !== undefined && passkeyStamp !== undefined) {
    throw unauthenticated('SIGNATURE_INVALID', 'The request carries two stamps; send exactly one.');
  }
  if (passkeyStamp !== undefined) return { kind: 'PASSKEY', stamp: parseWebAuthnStamp(passkeyStamp) };
  try {
    const verified = await verifyStamp(request.body, apiStamp!);
    return { kind: 'API_KEY', publicKey: verified.publicKey };
  } catch (error) {
    throw unauthenticated('SIGNATURE_INVALID', 'The X-Stamp does not verify over the request body.', error);
  }
}
