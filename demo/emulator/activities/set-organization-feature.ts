/**
 * set_organization_feature (ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE). FEATURE_NAME_WEBHOOK keeps
 * the webhook URL; delivery itself is the `onActivity` hook's job (see api/hooks.ts). The
 * emulator accepts http URLs too, so tests can point it at a local receiver.
 */
import { invalidRequest } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const WEBHOOK_FEATURE = 'FEATURE_NAME_WEBHOOK';

export const setOrganizationFeature: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const name = requireString(p, 'name', 'parameters', { max: 128 });
    if (!/^FEATURE_NAME_[A-Z0-9_]+$/.test(name)) throw invalidRequest('parameters.name must be a FEATURE_NAME_* value.');
    const value = requireString(p, 'value', 'parameters', { allowEmpty: true, max: 2048 });
    if (name === WEBHOOK_FEATURE && value !== '') {
      let url: URL | undefined;
      try {
        url = new URL(value);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw invalidRequest('The webhook URL must be an absolute http(s) URL.');
    }
    const features = { ...organization.features };
    if (value === '') delete features[name];
    else features[name] = value;
    tx.organizations.put({ ...organization, features, updatedAt: now });
    return { features: Object.entries(features).map(([n, v]) => ({ name: n, value: v })) };
  },
};
