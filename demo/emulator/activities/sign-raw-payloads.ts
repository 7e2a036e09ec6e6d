/**
 * sign_raw_payloads (ACTIVITY_TYPE_SIGN_RAW_PAYLOADS): several payloads signed by one key with
 * one encoding and hash function, as the hosted client's signRawPayloads sends them
 * (v1SignRawPayloadsIntent → v1SignRawPayloadsResult `{signatures: [{r, s, v}, …]}`, in the
 * payloads' order). Each payload is signed as sign_raw_payload signs it, the structured
 * encodings included. All or nothing: one bad payload refuses the whole activity (400, nothing
 * recorded). Changes nothing but the activity log.
 */
import { isStructuredEncoding, signRawPayload, signStructuredPayload, type RawSignature } from '../wallet/index.ts';
import { requireString, requireStringArray } from '../http/fields.ts';
import { invalidRequest } from '../http/service-error.ts';
import { resolveSigningKey } from '../custody/signing-key.ts';
import { walletCall, walletCallAsync } from '../custody/wallet-errors.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

/** The emulator's bound on one activity's payloads (the hosted documentation states none). */
export const MAX_PAYLOADS = 100;
const MAX_PAYLOAD_CHARS = 200_000;

export const signRawPayloads: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const signWith = requireString(p, 'signWith', 'parameters', { max: 256 });
    const payloads = requireStringArray(p, 'payloads', 'parameters', MAX_PAYLOADS);
    if (payloads.length === 0) throw invalidRequest('parameters.payloads must hold at least one payload.');
    if (payloads.some((payload) => payload.length > MAX_PAYLOAD_CHARS)) throw invalidRequest(`Each payload must be at most ${MAX_PAYLOAD_CHARS} characters.`);
    const encoding = requireString(p, 'encoding', 'parameters');
    const hashFunction = requireString(p, 'hashFunction', 'parameters');
    const key = resolveSigningKey(tx, organization.id, signWith);
    try {
      const signatures: RawSignature[] = [];
      for (const payload of payloads) {
        const input = { privateKey: key.privateKey, curve: key.curve, payload, hashFunction };
        signatures.push(
          isStructuredEncoding(encoding)
            ? await walletCallAsync(() => signStructuredPayload({ ...input, encoding }))
            : walletCall(() => signRawPayload({ ...input, encoding })),
        );
      }
      return { signatures: signatures.map((signature) => ({ ...signature })) };
    } finally {
      key.privateKey.fill(0);
    }
  },
};
