/** The kit's OTP sign-up / login flow against the emulator, with the core's clients and tokens. */
import { ProxyClient } from '../../../src/clients/proxy-client.ts';
import { parseVerificationToken } from '../../../src/tokens/verification-token.ts';
import { createLoginClientSignature, createSignupClientSignature } from '../../../src/tokens/client-signature.ts';
import { getJson, newTestKey } from './emulator-fixture.ts';
import type { Fixture, TestKey } from './emulator-fixture.ts';

export function proxyClient(f: Fixture, configId = 'demo'): ProxyClient {
  return new ProxyClient({ authProxyUrl: f.urls.proxyUrl, configId });
}

/** The newest outbox code sent to `contact`. */
export async function latestCode(f: Fixture, contact: string): Promise<string> {
  const { json } = await getJson(`${f.urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
  const messages = json.messages as { code: string }[];
  if (!messages[0]) throw new Error(`no OTP for ${contact}`);
  return messages[0].code;
}

export interface OtpSession {
  key: TestKey;
  session: string;
  organizationId: string;
  userId: string;
}

/** otp_init → code → otp_verify(K) → account → signup (if none) → otp_login(K). */
export async function otpSignupAndLogin(f: Fixture, email: string, client = proxyClient(f)): Promise<OtpSession> {
  const key = await newTestKey();
  const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: email });
  const code = await latestCodeFor(f, otpId);
  const { verificationToken } = await client.otpVerify({ otpId, otpCode: code, publicKey: key.id });
  const tokenId = parseVerificationToken(verificationToken).id;
  let { organizationId } = await client.account({ filterType: 'EMAIL', filterValue: email, verificationToken });
  let userId = '';
  if (!organizationId) {
    const signup = { apiKeys: [], authenticators: [], oauthProviders: [], email };
    const clientSignature = await createSignupClientSignature({ tokenId, signup, signingKey: key });
    const answer = await client.signup({ userEmail: email, verificationToken, apiKeys: [], authenticators: [], oauthProviders: [], clientSignature });
    organizationId = answer.organizationId;
    userId = answer.userId;
  }
  const clientSignature = await createLoginClientSignature({ tokenId, sessionPublicKey: key.id, signingKey: key });
  const { session } = await client.otpLogin({ verificationToken, publicKey: key.id, organizationId, clientSignature });
  return { key, session, organizationId: organizationId!, userId };
}

/** The code of one OTP, by id (safe when many OTPs fly at once). */
export async function latestCodeFor(f: Fixture, otpId: string): Promise<string> {
  const { json } = await getJson(`${f.urls.apiUrl}/__outbox`);
  const message = (json.messages as { otpId: string; code: string }[]).find((m) => m.otpId === otpId);
  if (!message) throw new Error(`no OTP ${otpId}`);
  return message.code;
}
