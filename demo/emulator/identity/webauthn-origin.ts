/**
 * Which browser origins may use passkeys with the emulator. WebAuthn binds a credential to an
 * rpId; the origin must be that host (or below it), over https, or http on localhost.
 */
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { utf8Decode } from '../../../src/encoding/utf8.ts';
import type { WebAuthnSettings } from '../context.ts';

export function readClientData(clientDataJsonB64: string): { origin?: unknown; challenge?: unknown; type?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(utf8Decode(fromBase64Url(clientDataJsonB64)));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function isWebAuthnOriginAllowed(origin: unknown, settings: WebAuthnSettings): origin is string {
  if (typeof origin !== 'string') return false;
  if (settings.origins) return settings.origins.includes(origin);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  const host = url.hostname;
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && (host === 'localhost' || host.endsWith('.localhost')));
  return secure && settings.rpIds.some((rpId) => host === rpId || host.endsWith(`.${rpId}`));
}
