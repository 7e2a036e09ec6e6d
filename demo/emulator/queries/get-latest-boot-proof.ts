/**
 * get_latest_boot_proof {organizationId, appName} → {bootProof}: the newest boot proof of the
 * enclave app named `appName`, the same document get_boot_proof answers for that boot's
 * ephemeral key. The emulator runs one emulated enclave app (EMULATED_ENCLAVE.enclaveApp,
 * "signer", whose key signs the app proofs); any other name is NOT_FOUND.
 */
import { notFound } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { enclaveOf } from '../proofs/app-proof-feature.ts';
import { EMULATED_ENCLAVE } from '../proofs/emulated-enclave.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getLatestBootProof: QueryHandler = {
  run({ ctx, body }) {
    const appName = requireString(body, 'appName');
    if (appName !== EMULATED_ENCLAVE.enclaveApp) throw notFound('NOT_FOUND', `No enclave app named "${appName}" (the emulator runs "${EMULATED_ENCLAVE.enclaveApp}").`);
    return { bootProof: { ...enclaveOf(ctx).bootAt(ctx.now()).bootProof } };
  },
};
