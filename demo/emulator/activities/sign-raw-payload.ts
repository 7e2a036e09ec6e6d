/**
 * sign_raw_payload (ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2): real signatures (secp256k1 with r, s, v;
 * Ed25519; P-256) by the wallet library. Changes nothing but the activity log.
 *
 * A secp256k1 signature is made ahead, before the transaction, on the crypto worker (from the
 * committed state's key): inside the transaction the key is resolved again and the signature is
 * used only if it is that key's over that digest (RFC 6979: the same signature either way);
 * otherwise, or when nothing was made ahead, it is signed here as before.
 *
 * PAYLOAD_ENCODING_EIP712 and _EIP7702_AUTHORIZATION (JSON the service hashes, as the hosted
 * signer libraries send typed data and authorizations) are signed in the transaction, never
 * ahead: wallet/structured-payload.ts.
 */
import { isStructuredEncoding, signRawPayload as sign, signStructuredPayload } from '../wallet/index.ts';
import { nativeSecp256k1, nativeSecp256k1Path, recoveredSignature, reducedSecp256k1Digest, secp256k1DigestOf } from '../wallet/sign-raw-payload.ts';
import { requireString } from '../http/fields.ts';
import { resolveSigningKey } from '../custody/signing-key.ts';
import { walletCall, walletCallAsync } from '../custody/wallet-errors.ts';
import { signOnWorker } from '../api/crypto-worker.ts';
import type { PresignedSecp256k1 } from '../wallet/index.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const signRawPayload: ActivityHandler = {
  prepare({ view, organizationId, parameters: p }) {
    const native = nativeSecp256k1;
    const path = nativeSecp256k1Path;
    const { signWith, payload, encoding, hashFunction } = p;
    if (!native || !path || typeof signWith !== 'string' || typeof payload !== 'string' || typeof encoding !== 'string' || typeof hashFunction !== 'string') return undefined;
    const key = resolveSigningKey(view, organizationId, signWith);
    try {
      const digest = secp256k1DigestOf({ privateKey: key.privateKey, curve: key.curve, payload, encoding, hashFunction });
      if (!digest) return undefined;
      const privateKey = key.privateKey.slice();
      return signOnWorker({ path, ecdsaSign: (m, k) => native.ecdsaSign(m, k) }, reducedSecp256k1Digest(digest), key.privateKey)?.then(
        (signed): PresignedSecp256k1 => ({ privateKey, digest, recovered: recoveredSignature(signed) }),
        (error: unknown) => {
          privateKey.fill(0);
          throw error;
        },
      );
    } finally {
      key.privateKey.fill(0);
    }
  },
  async run({ tx, organization, parameters: p, prepared }) {
    const signWith = requireString(p, 'signWith', 'parameters', { max: 256 });
    const payload = requireString(p, 'payload', 'parameters', { max: 200_000 });
    const encoding = requireString(p, 'encoding', 'parameters');
    const hashFunction = requireString(p, 'hashFunction', 'parameters');
    const key = resolveSigningKey(tx, organization.id, signWith);
    try {
      const input = { privateKey: key.privateKey, curve: key.curve, payload, hashFunction };
      if (isStructuredEncoding(encoding)) return { ...(await walletCallAsync(() => signStructuredPayload({ ...input, encoding }))) };
      const presigned = prepared as PresignedSecp256k1 | undefined;
      return { ...walletCall(() => sign({ ...input, encoding }, presigned)) };
    } finally {
      key.privateKey.fill(0);
      (prepared as PresignedSecp256k1 | undefined)?.privateKey.fill(0);
    }
  },
};
