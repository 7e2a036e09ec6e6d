/**
 * sign_raw_payload (ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2): real signatures (secp256k1 with r, s, v;
 * Ed25519; P-256) by the wallet library. Changes nothing but the activity log.
 */
import { signRawPayload as sign } from '../wallet/index.ts';
import { requireString } from '../http/fields.ts';
import { resolveSigningKey } from '../custody/signing-key.ts';
import { walletCall } from '../custody/wallet-errors.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const signRawPayload: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const signWith = requireString(p, 'signWith', 'parameters', { max: 256 });
    const payload = requireString(p, 'payload', 'parameters', { max: 200_000 });
    const encoding = requireString(p, 'encoding', 'parameters');
    const hashFunction = requireString(p, 'hashFunction', 'parameters');
    const key = resolveSigningKey(tx, organization.id, signWith);
    try {
      return { ...walletCall(() => sign({ privateKey: key.privateKey, curve: key.curve, payload, encoding, hashFunction })) };
    } finally {
      key.privateKey.fill(0);
    }
  },
};
