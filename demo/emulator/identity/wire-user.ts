/** Users as list_users shows them (seed: "User (returned by list_users)"). */
import { wireApiKey, wireAuthenticator, wireOauthProvider, wireTimes } from './wire-credentials.ts';
import type { StateView } from '../state/store.ts';
import type { UserRecord } from '../state/records.ts';

export function wireUser(view: StateView, user: UserRecord): Record<string, unknown> {
  return {
    userId: user.id,
    userName: user.userName,
    ...(user.userEmail ? { userEmail: user.userEmail } : {}),
    ...(user.userPhoneNumber ? { userPhoneNumber: user.userPhoneNumber } : {}),
    authenticators: view.authenticators.findBy('userId', user.id).map(wireAuthenticator),
    apiKeys: view.apiKeys.findBy('userId', user.id).map(wireApiKey),
    userTags: user.userTags,
    oauthProviders: view.oauthProviders.findBy('userId', user.id).map(wireOauthProvider),
    ...wireTimes(user),
  };
}
