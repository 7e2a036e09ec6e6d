// The account module's own refusals, before anything is sent: the last way to log in (the
// service's rule, sub-organization or not) and a session-less call; a session key revoke is
// never counted as a way to log in.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasLoginWayAfter, removeFromAccount, type AccountView } from '../../../src/account/user-account.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import type { ApiKey, Authenticator, OauthProvider, User } from '../../../src/clients/activity-types.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';

const at = { seconds: '1', nanos: '0' };
const passkey = (id: string) => ({ authenticatorId: id, authenticatorName: id, credentialId: id, createdAt: at }) as unknown as Authenticator;
const provider = (id: string) => ({ providerId: id, providerName: id, issuer: 'https://issuer.example', createdAt: at }) as unknown as OauthProvider;
const key = (id: string, expirationSeconds?: string) => ({ apiKeyId: id, apiKeyName: id, credential: { publicKey: id, type: 'x' }, createdAt: at, updatedAt: at, ...(expirationSeconds ? { expirationSeconds } : {}) }) as ApiKey;

function view(user: Partial<User>, subOrganization = true): AccountView {
  const full = { userId: 'u', userName: 'Ada', authenticators: [], apiKeys: [], oauthProviders: [], userTags: [], createdAt: at, updatedAt: at, ...user } as User;
  return { user: full, organizationId: 'o', currentApiKeyId: undefined, sessions: full.apiKeys.filter((k) => k.expirationSeconds), subOrganization };
}

function fakeSession(): { session: SigningSession; sent: string[] } {
  const sent: string[] = [];
  const session = {
    active: true,
    summary: { organizationId: 'o', userId: 'u', publicKey: 'k', sessionType: 'SESSION_TYPE_READ_WRITE', expiresAt: Date.now() + 60_000 },
    submit: async (operation: string) => {
      sent.push(operation);
      return {};
    },
  } as unknown as SigningSession;
  return { session, sent };
}

describe('account module', () => {
  it('a passkey or a non-expiring API key always counts; email, phone and OAuth only in a sub-organization; sessions never', () => {
    assert.equal(hasLoginWayAfter(view({ authenticators: [passkey('p1')] }), { kind: 'passkey', id: 'p1' }), false);
    assert.equal(hasLoginWayAfter(view({ authenticators: [passkey('p1'), passkey('p2')] }), { kind: 'passkey', id: 'p1' }), true);
    assert.equal(hasLoginWayAfter(view({ authenticators: [passkey('p1')], apiKeys: [key('forever')] }), { kind: 'passkey', id: 'p1' }), true);
    assert.equal(hasLoginWayAfter(view({ authenticators: [passkey('p1')], apiKeys: [key('s', '900')] }), { kind: 'passkey', id: 'p1' }), false);
    assert.equal(hasLoginWayAfter(view({ oauthProviders: [provider('g')], userEmail: 'a@example.com' }), { kind: 'oauth', id: 'g' }), true);
    assert.equal(hasLoginWayAfter(view({ oauthProviders: [provider('g')], userEmail: 'a@example.com' }, false), { kind: 'oauth', id: 'g' }), false);
    assert.equal(hasLoginWayAfter(view({ oauthProviders: [provider('g')] }), { kind: 'oauth', id: 'g' }), false);
    assert.equal(hasLoginWayAfter(view({ oauthProviders: [provider('g'), provider('a')] }), { kind: 'oauth', id: 'g' }), true);
  });

  it('refuses the last way to log in with ERR_ACCOUNT_LAST_CREDENTIAL, sending nothing; sends the allowed removals', async () => {
    const { session, sent } = fakeSession();
    await assert.rejects(removeFromAccount(session, view({ oauthProviders: [provider('g')] }), { kind: 'oauth', id: 'g' }), (e) => isLatchError(e, 'ERR_ACCOUNT_LAST_CREDENTIAL'));
    await assert.rejects(removeFromAccount(session, view({ authenticators: [passkey('p')] }), { kind: 'passkey', id: 'p' }), (e) => isLatchError(e, 'ERR_ACCOUNT_LAST_CREDENTIAL'));
    assert.deepEqual(sent, []);
    const both = view({ authenticators: [passkey('p')], userEmail: 'a@example.com', oauthProviders: [provider('g')], apiKeys: [key('s', '900')] });
    await removeFromAccount(session, both, { kind: 'oauth', id: 'g' });
    await removeFromAccount(session, both, { kind: 'passkey', id: 'p' });
    await removeFromAccount(session, both, { kind: 'session', id: 's' });
    assert.deepEqual(sent, ['delete_oauth_providers', 'delete_authenticators', 'delete_api_keys']);
  });

  it('without a live session is ERR_SESSION_MISSING', async () => {
    await assert.rejects(removeFromAccount(null, view({ authenticators: [passkey('p'), passkey('q')] }), { kind: 'passkey', id: 'p' }), (e) => isLatchError(e, 'ERR_SESSION_MISSING'));
  });
});
