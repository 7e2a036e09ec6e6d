/**
 * set_organization_feature: stores a feature of the organization (`name` FEATURE_NAME_*,
 * `value` a string; an empty value removes the feature). With FEATURE_NAME_WEBHOOK the value is
 * the webhook URL (webhook-url.ts) that receives the organization's activities and its
 * sub-organizations'. The result lists the organization's features (`{features: [{name,
 * value}]}`, the hosted shape; the seed leaves it "not shown").
 */
import { invalidRequest } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { checkWebhookUrl } from './webhook-url.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const FEATURE_NAME_WEBHOOK = 'FEATURE_NAME_WEBHOOK';

export const setOrganizationFeature: ActivityHandler = {
  async run({ tx, organization, parameters, now }) {
    const name = requireString(parameters, 'name', 'parameters', { max: 128 });
    if (!/^FEATURE_NAME_[A-Z0-9_]+$/.test(name)) throw invalidRequest('parameters.name must be a FEATURE_NAME_* value.');
    let value = requireString(parameters, 'value', 'parameters', { allowEmpty: true, max: 2048 });
    if (name === FEATURE_NAME_WEBHOOK && value !== '') value = checkWebhookUrl(value, 'parameters.value');
    const current = tx.organizations.get(organization.id) ?? organization;
    const features: Record<string, string> = { ...current.features };
    if (value === '') delete features[name];
    else features[name] = value;
    tx.organizations.put({ ...current, features, updatedAt: now });
    return { features: Object.entries(features).map(([featureName, featureValue]) => ({ name: featureName, value: featureValue })) };
  },
};
