/**
 * The current OTP generation's client step (docs/protocol.md §9): the code and the client's key are
 * sealed (HPKE, the suite of §6) to the enclave target that otp_init_v2 handed out, so the auth
 * proxy only ever forwards ciphertext. The target comes in an enclave-signed envelope, checked
 * against the pinned signer first: a target from anyone else is refused, never encrypted to.
 * Loaded only when a page uses this generation (it brings HPKE).
 */
import { fromHex, toHex } from '../encoding/hex.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import { hpkeSeal } from '../bundles/hpke-suite.ts';
import { requireString, verifyEnvelope } from '../bundles/enclave-envelope.ts';

/** Returns `encryptedOtpBundle` for otp_verify_v2: `{encappedPublic, ciphertext}` JSON, hex. */
export async function sealOtpCode(targetBundle: string, signerPublicKey: string, otpCode: string, publicKey: string): Promise<string> {
  const data = await verifyEnvelope(targetBundle, signerPublicKey);
  const target = fromHex(requireString(data, 'targetPublic'));
  const { enc, ciphertext } = await hpkeSeal(utf8Encode(JSON.stringify({ otp_code: otpCode, public_key: publicKey })), target);
  return JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext) });
}
