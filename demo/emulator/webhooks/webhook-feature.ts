/** The webhook feature's pieces, for the registry and hooks (activities/registry.ts, emulator.ts). */
import { setOrganizationFeature } from './set-organization-feature.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export { WebhookDelivery, type WebhookOptions } from './webhook-delivery.ts';
export { webhookRoutes } from './webhook-routes.ts';

export const webhookActivities: [string, ActivityHandler][] = [['set_organization_feature', setOrganizationFeature]];
