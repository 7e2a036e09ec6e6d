/** get_boot_proof {organizationId, ephemeralKey} → {bootProof}: answered by the bootProof hook (issue 5). */
import { notFound } from '../http/service-error.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getBootProof: QueryHandler = {
  async run({ ctx, organization, body }) {
    const bootProof = await ctx.hooks.bootProof(organization.id, body.ephemeralKey as string);
    if (!bootProof) throw notFound('NOT_FOUND', 'No boot proof for this ephemeral key.');
    return { bootProof };
  },
};
