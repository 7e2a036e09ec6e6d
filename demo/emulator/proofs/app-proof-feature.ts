/**
 * App Proofs in the emulator (docs/protocol.md §7): the `appProofs` hook signs an address-derivation
 * proof per address a wallet activity created (create_wallet, create_wallet_accounts, a
 * sub-organization with a wallet, i.e. sign-up) and a policy-outcome proof for the policy
 * engine's decision (every activity passes it; a completed one was allowed); the `bootProof`
 * hook answers get_boot_proof; `/__keys` publishes the test root a kit must be told to trust.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { isObject } from '../http/fields.ts';
import { EmulatedEnclave } from './emulated-enclave.ts';
import type { EmulatorContext } from '../context.ts';
import type { EmulatorHooks } from '../api/hooks.ts';
import type { ActivityRecord } from '../state/records.ts';
import type { AddressDerivationProof, AppProof } from '../../../src/proofs/proof-types.ts';

const WALLET_ACTIVITY = /^ACTIVITY_TYPE_(CREATE_WALLET|CREATE_WALLET_ACCOUNTS|CREATE_SUB_ORGANIZATION)(_V\d+)?$/;

const enclaves = new WeakMap<EmulatorContext, EmulatedEnclave>();

/** The context's enclave, derived from its persisted enclave secret on first use. */
export function enclaveOf(ctx: EmulatorContext): EmulatedEnclave {
  let enclave = enclaves.get(ctx);
  if (!enclave) {
    enclave = new EmulatedEnclave(fromHex(ctx.keys.enclave.scalarHex));
    enclaves.set(ctx, enclave);
  }
  return enclave;
}

const first = (record: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const value = Object.values(record)[0];
  return isObject(value) ? value : {};
};

/** The addresses a wallet activity created, with their wallet, path and organization. */
export function addressClaims(activity: ActivityRecord): AddressDerivationProof[] {
  if (!WALLET_ACTIVITY.test(activity.type)) return [];
  const result = first(activity.result);
  const intent = first(activity.intent);
  // A sub-organization nests its wallet ({wallet: {walletId, addresses}}) and lives in its own organization.
  const wallet = isObject(result.wallet) ? result.wallet : result;
  const spec = isObject(intent.wallet) ? intent.wallet : intent;
  const organizationId = typeof result.subOrganizationId === 'string' ? result.subOrganizationId : activity.organizationId;
  const walletId = typeof wallet.walletId === 'string' ? wallet.walletId : typeof spec.walletId === 'string' ? spec.walletId : undefined;
  const addresses = Array.isArray(wallet.addresses) ? wallet.addresses.filter((a): a is string => typeof a === 'string') : [];
  const accounts = Array.isArray(spec.accounts) ? spec.accounts : [];
  // Accounts are derived and answered in the order asked, so the i-th address has the i-th path.
  return addresses.map((address, i) => {
    const path = isObject(accounts[i]) ? accounts[i].path : undefined;
    return { organizationId, ...(walletId ? { walletId } : {}), ...(typeof path === 'string' ? { derivationPath: path } : {}), address };
  });
}

const digestOf = (value: unknown): string => toHex(sha256(utf8Encode(JSON.stringify(value ?? null))));

function appProofs(ctx: EmulatorContext, activity: ActivityRecord): AppProof[] {
  const enclave = enclaveOf(ctx);
  const time = activity.updatedAt;
  const proofs = addressClaims(activity).map((addressDerivationProof) =>
    enclave.signAppProof({ type: 'APP_PROOF_TYPE_ADDRESS_DERIVATION', timestampMs: String(time), addressDerivationProof }, time),
  );
  const organization = ctx.store.read.organizations.get(activity.organizationId);
  const parent = organization?.parentId ? ctx.store.read.organizations.get(organization.parentId) : undefined;
  const policyOutcomeProof = {
    organizationId: activity.organizationId,
    outcome: 'OUTCOME_ALLOW',
    // The activity's fingerprint is the SHA-256 of the exact request body the policy judged.
    decisionContextDigest: activity.fingerprint.replace(/^sha256:/, ''),
    organizationDataDigest: digestOf(organization),
    parentOrganizationDataDigest: parent ? digestOf(parent) : '',
    userRequestApprovals: [],
  };
  proofs.push(enclave.signAppProof({ type: 'APP_PROOF_TYPE_POLICY_OUTCOME', timestampMs: String(time), policyOutcomeProof }, time));
  return proofs;
}

/** The boot of an ephemeral key: made this run, the current one, or found through the proofs on record. */
function bootProof(ctx: EmulatorContext, ephemeralKey: string): Record<string, unknown> | undefined {
  if (typeof ephemeralKey !== 'string') return undefined;
  const enclave = enclaveOf(ctx);
  const key = ephemeralKey.toLowerCase();
  const current = enclave.bootAt(ctx.now());
  if (current.ephemeralPublicKeyHex === key) return { ...current.bootProof };
  const known = enclave.knownBoot(key);
  if (known) return { ...known.bootProof };
  for (const activity of ctx.store.read.activities.values()) {
    for (const proof of (activity.appProofs ?? []) as AppProof[]) {
      if (proof.publicKey !== key) continue;
      const boot = enclave.bootAt(Number((JSON.parse(proof.proofPayload) as { timestampMs: string }).timestampMs));
      return boot.ephemeralPublicKeyHex === key ? { ...boot.bootProof } : undefined;
    }
  }
  return undefined;
}

/** The hooks to install on a started emulator's context. */
export function appProofHooks(ctx: EmulatorContext): Pick<EmulatorHooks, 'appProofs' | 'bootProof'> {
  return {
    appProofs: async (activity) => appProofs(ctx, activity),
    bootProof: async (_organizationId, ephemeralKey) => bootProof(ctx, ephemeralKey),
  };
}

/** For GET /__keys: the test root the kit must be told to trust (`trustedRootSha256`). */
export function proofKeys(ctx: EmulatorContext): { proofRootCertificate: string; proofRootSha256: string } {
  const { ca } = enclaveOf(ctx);
  return { proofRootCertificate: Buffer.from(ca.root).toString('base64'), proofRootSha256: ca.rootSha256 };
}
