/**
 * `latchkey/signing`: what a logged-in page needs to stamp and submit (key stores, stampers, the
 * Activity client, the signing session and its stores, channel and locks). The session's own
 * lazy parts (JWT check, export, logout, approvals) stay lazy: nothing here re-exports them, so
 * no bundler can pull them into the page (see latchkey/tokens and latchkey/consensus).
 */
export type { KeyStore, StoredKey, KeyMetadata } from '../keys/key-store.ts';
export { MemoryKeyStore } from '../keys/memory-key-store.ts';
export { IndexedDbKeyStore } from '../keys/indexed-db-key-store.ts';
export type { IndexedDbKeyStoreOptions } from '../keys/indexed-db-key-store.ts';
export { openKeyStore } from '../keys/open-key-store.ts';
export type { OpenedKeyStore } from '../keys/open-key-store.ts';

export type { Stamp, Stamper } from '../stamp/stamper.ts';
export { createStamp } from '../stamp/create-stamp.ts';
export { ApiKeyStamper } from '../stamp/api-key-stamper.ts';
export { WebauthnStamper, webauthnChallengeForBody, mapWebauthnError } from '../stamp/webauthn-stamper.ts';
export type { WebauthnStamperOptions } from '../stamp/webauthn-stamper.ts';

export { ActivityClient, activityResult } from '../clients/activity-client.ts';
export type { ActivityClientOptions } from '../clients/activity-client.ts';
export { ActivityError } from '../clients/activity-error.ts';
export { ACTIVITY_OPERATIONS, QUERY_OPERATIONS, ActivityStatus } from '../clients/activity-operations.ts';
export type * from '../clients/activity-types.ts';

export { SigningSession } from '../session/signing-session.ts';
export type {
  SigningSessionOptions,
  SessionSummary,
  ListWalletAccountsOptions,
  SessionClock,
  SessionClient,
  SubmitOptions,
  LogoutOptions,
  LogoutResult,
  RemoteLogout,
} from '../session/signing-session.ts';
export type { ExportOptions } from '../session/session-export.ts';
export { SessionChangeEvent, SessionExpiryEvent } from '../session/session-events.ts';
export type { SessionChangeReason } from '../session/session-events.ts';
export type { SessionStore, PersistedSession } from '../session/session-store.ts';
export { MemorySessionStore } from '../session/session-store.ts';
export { IndexedDbSessionStore } from '../session/indexed-db-session-store.ts';
export type { IndexedDbSessionStoreOptions } from '../session/indexed-db-session-store.ts';
export { createSessionStore } from '../session/create-session-store.ts';
export { createSessionChannel, BroadcastSessionChannel, noSessionChannel } from '../session/session-channel.ts';
export type { SessionChannel, SessionMessage } from '../session/session-channel.ts';
export { webLocks, processLocks, defaultSessionLocks } from '../session/session-locks.ts';
export type { SessionLocks } from '../session/session-locks.ts';
export type { AutoRefreshOptions, PageVisibility } from '../session/session-auto-refresh.ts';
