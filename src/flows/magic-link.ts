/**
 * Magic-link OTP login. When the auth proxy configuration has an `emailCustomization.magicLinkTemplate`
 * (a URL with `%s`, e.g. `https://app.example/login#otpCode=%s`), the email carries that link
 * with the code in place of `%s`. Opening it finishes the login with the SAME key binding as a
 * typed code: otp_verify binds the key K, otp_login is signed by K and makes a session for K.
 *
 * K is made when the code is sent (`startOtp`), and the attempt that goes with it (otpId,
 * contact, the current generation's enclave target, the id of K) is remembered where another
 * tab of the same origin finds it: IndexedDB, beside K itself (sessionStorage is per tab;
 * localStorage is readable synchronously by any script, and holds nothing of ours). The
 * attempt holds no secret: K is a non-extractable CryptoKey in the key store, the code only
 * ever travels in the link. One attempt is remembered per store (a new one replaces the last
 * and deletes its key: the service supersedes an older code anyway); a link is single-use: the
 * attempt is taken before the code is checked, and a code that fails deletes K.
 *
 * The page that opens the link calls {@link finishMagicLink} (or otp-flow.ts's `completeMagicLink` with the
 * core's flow deps): it reads the code from the URL (query or fragment parameter `otpCode`),
 * removes it from the address bar with `history.replaceState`, takes the attempt, and
 * completes it through `completeOtp` with K.
 */
import { LatchError } from '../errors/latch-error.ts';
import { cleanAddressBar } from './address-bar.ts';
import { IndexedDbObjectStore, type IndexedDbOptions } from '../keys/indexed-db-object-store.ts';
import type { KeyStore } from '../keys/key-store.ts';
import type { OtpType } from '../clients/proxy-types.ts';

/** The URL parameter (query or fragment) that carries the code: `…#otpCode=%s` or `…?otpCode=%s`. */
export const MAGIC_LINK_PARAM = 'otpCode';

/** How long a remembered attempt is worth taking (the hosted OTP lives at most 600 s). */
export const OTP_ATTEMPT_LIFETIME_MS = 600_000;

/** A code sent and not yet used. Holds no secret. */
export interface PendingOtp {
  otpId: string;
  otpType: OtpType;
  contact: string;
  /** The key K the login binds: its id (compressed public key hex) in the key store. */
  keyId: string;
  /** The current generation's enclave target (public), when the code was sent that way. */
  otpEncryptionTargetBundle?: string;
  createdAt: number;
  expiresAt: number;
}

/** Where pending OTP attempts wait for a link to be opened, in this tab or another. */
export interface PendingOtpStore {
  put(attempt: PendingOtp): Promise<void>;
  list(): Promise<PendingOtp[]>;
  delete(otpId: string): Promise<void>;
}

/** What a remembered attempt hands to `completeOtp`: the attempt, its code and K. */
export interface MagicLinkLogin {
  otpId: string;
  otpType: OtpType;
  contact: string;
  otpCode: string;
  keyId: string;
  otpEncryptionTargetBundle?: string;
}

const isPending = (value: unknown): value is PendingOtp => {
  const v = value as Partial<PendingOtp> | null;
  return !!v && typeof v.otpId === 'string' && typeof v.keyId === 'string' && typeof v.contact === 'string' && typeof v.expiresAt === 'number';
};

/** Attempts in IndexedDB (store `otp-attempts` of the `latchkey` database), shared by the origin's tabs. */
export function indexedDbPendingOtpStore(options: IndexedDbOptions & { storeName?: string } = {}): PendingOtpStore {
  const db = new IndexedDbObjectStore(options, options.storeName ?? 'otp-attempts', 'otpId');
  return {
    put: (attempt) => db.run('readwrite', (store) => store.put(attempt)),
    list: async () => (await db.run<unknown[]>('readonly', (store) => store.getAll())).filter(isPending),
    delete: (otpId) => db.run('readwrite', (store) => store.delete(otpId)),
  };
}

/** Attempts in memory: one page (or, in Node, whoever shares the store object). */
export function memoryPendingOtpStore(): PendingOtpStore {
  const attempts = new Map<string, PendingOtp>();
  return {
    put: async (attempt) => void attempts.set(attempt.otpId, { ...attempt }),
    list: async () => [...attempts.values()].map((a) => ({ ...a })),
    delete: async (otpId) => void attempts.delete(otpId),
  };
}

let browserStore: PendingOtpStore | undefined;

/**
 * The store used when none is given: IndexedDB where it exists (browsers), none in Node (no
 * other tab could open a link there; pass `otpAttempts` to remember attempts anyway).
 */
export function defaultPendingOtpStore(): PendingOtpStore | undefined {
  let factory: unknown;
  try {
    factory = globalThis.indexedDB;
  } catch {
    factory = undefined; // sandboxed frame
  }
  return factory ? (browserStore ??= indexedDbPendingOtpStore()) : undefined;
}

export interface MagicLinkDeps {
  keyStore: KeyStore;
  /** Where attempts wait. Default: {@link defaultPendingOtpStore}. */
  otpAttempts?: PendingOtpStore;
  /** False: do not remember attempts (no key is made before the code is typed). */
  magicLinks?: boolean;
}

const storeOf = (deps: Pick<MagicLinkDeps, 'otpAttempts' | 'magicLinks'>): PendingOtpStore | undefined =>
  deps.magicLinks === false ? undefined : (deps.otpAttempts ?? defaultPendingOtpStore());

/**
 * After a code was sent: makes K and remembers the attempt, replacing (and deleting the key of)
 * any earlier one. Best effort: where storage fails the code can still be typed. Resolves the
 * attempt, or undefined when nothing was remembered.
 */
export async function rememberOtpAttempt(
  deps: MagicLinkDeps,
  attempt: { otpId: string; otpType: OtpType; contact: string; otpEncryptionTargetBundle?: string },
  now = Date.now(),
): Promise<PendingOtp | undefined> {
  const store = storeOf(deps);
  if (!store) return undefined;
  try {
    await forgetAll(deps.keyStore, store);
    const key = await deps.keyStore.create({ purpose: 'session' });
    const pending: PendingOtp = { ...attempt, keyId: key.id, createdAt: now, expiresAt: now + OTP_ATTEMPT_LIFETIME_MS };
    try {
      await store.put(pending);
    } catch (error) {
      await deps.keyStore.delete(key.id).catch(() => undefined);
      throw error;
    }
    return pending;
  } catch {
    return undefined;
  }
}

/** Deletes every remembered attempt and its key, except the key `keep`. */
async function forgetAll(keyStore: KeyStore, store: PendingOtpStore, keep?: string): Promise<void> {
  for (const old of await store.list()) {
    await store.delete(old.otpId);
    if (old.keyId !== keep) await keyStore.delete(old.keyId).catch(() => undefined);
  }
}

/**
 * After a TYPED code logged in: the attempt of `otpId` (if remembered) is spent, so it and its
 * key go (the login used a key of its own). Best effort.
 */
export async function forgetOtpAttempt(deps: MagicLinkDeps, otpId: string): Promise<void> {
  const store = storeOf(deps);
  if (!store) return;
  try {
    const attempt = (await store.list()).find((a) => a.otpId === otpId);
    if (!attempt) return;
    await store.delete(otpId);
    await deps.keyStore.delete(attempt.keyId);
  } catch {
    // Storage failing here leaves at most one stale attempt, replaced by the next code sent.
  }
}

function paramsOf(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.hash.replace(/^#/, ''));
  for (const [name, value] of url.searchParams) if (!params.has(name)) params.set(name, value);
  return params;
}

/** The code a magic link carries in `href` (query or fragment), or undefined. */
export function magicLinkCodeOf(href: string): string | undefined {
  try {
    const url = new URL(href);
    const inQuery = url.searchParams.getAll(MAGIC_LINK_PARAM);
    const inFragment = new URLSearchParams(url.hash.replace(/^#/, '')).getAll(MAGIC_LINK_PARAM);
    // Given twice (an injected one beside the real one) is ambiguous: not a link to act on.
    if (inQuery.length + inFragment.length !== 1) return undefined;
    const code = paramsOf(url).get(MAGIC_LINK_PARAM)?.trim();
    return code && /^[A-Za-z0-9]{4,32}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** `href` without the magic-link code; everything else the page had is kept. */
export function withoutMagicLinkCode(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(MAGIC_LINK_PARAM);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (fragment.has(MAGIC_LINK_PARAM)) {
    fragment.delete(MAGIC_LINK_PARAM);
    url.hash = fragment.toString();
  }
  return url.href;
}


const linkInvalid = (cause?: unknown): LatchError =>
  new LatchError(
    'ERR_OTP_LINK_INVALID',
    'This login link cannot be used here: it has expired or was used, or it was opened in another browser than the one that asked for the code. Ask for a new code.',
    cause === undefined ? {} : { cause },
  );

// The links being finished on this page: two callers with the same URL get one login.
const claimed = new Set<string>();

export interface FinishMagicLinkOptions {
  /** The URL the link opened. Default: this page's. */
  href?: string;
  /** Default: the default store (see {@link defaultPendingOtpStore}). */
  otpAttempts?: PendingOtpStore;
  /** Where `location` and `history` are (tests). Default: globalThis. */
  host?: { location?: Location; history?: History };
}

/**
 * Finishes a magic-link login when `href` carries a code: removes the code from the address
 * bar, takes the newest remembered attempt (single-use: it is gone from the store before the
 * code is checked), and hands it with its code and K to `complete` (the kit's or the core's
 * `completeOtp`). Resolves null when the URL carries no code, or another caller on this page is
 * already finishing the same URL. ERR_OTP_LINK_INVALID when no attempt is remembered here (the
 * link was opened in another browser, or already used) or the service refuses the code
 * (expired, used, superseded by a newer one); K is deleted then.
 */
export async function finishMagicLink<T>(complete: (login: MagicLinkLogin) => Promise<T>, options: FinishMagicLinkOptions = {}): Promise<T | null> {
  const host = options.host ?? (globalThis as { location?: Location; history?: History });
  const href = options.href ?? host.location?.href;
  const otpCode = href ? magicLinkCodeOf(href) : undefined;
  if (!href || !otpCode || claimed.has(href)) return null;
  claimed.add(href);
  cleanAddressBar(href, withoutMagicLinkCode(href), host);
  const store = options.otpAttempts ?? defaultPendingOtpStore();
  let attempt: PendingOtp | undefined;
  try {
    attempt = (store ? await store.list() : []).sort((a, b) => b.createdAt - a.createdAt)[0];
    if (attempt) await store!.delete(attempt.otpId);
  } catch (cause) {
    throw linkInvalid(cause);
  }
  if (!attempt) throw linkInvalid();
  const { otpId, otpType, contact, keyId, otpEncryptionTargetBundle } = attempt;
  try {
    return await complete({ otpId, otpType, contact, otpCode, keyId, ...(otpEncryptionTargetBundle ? { otpEncryptionTargetBundle } : {}) });
  } catch (error) {
    throw (error as { code?: string }).code === 'ERR_OTP_INVALID' ? linkInvalid(error) : error;
  }
}
