// <latch-auth>'s start-up order (issue 25, "ready sooner"): the wallet_kit_config request is the
// first thing the element starts, before the session restore's chunk and its storage reads, the
// OAuth redirect resume's chunk and its read of the pending attempt, and before the kept config
// is read from storage (the first localStorage access can block the thread: the round trip runs
// meanwhile). Each of those is recorded where the kit reaches it: its fetch, its lazy-module
// loaders, its stores. The order is that of the calls, so the test needs no timing.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import type { PendingOAuthStore } from '../../../src/flows/oauth-flow.ts';
import { accountsModule, keyStoreModule, oauthModules } from '../../../src/kit/lazy-modules.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemorySessionSlots } from '../../../src/session/session-slots.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { resetConfig } from '../support/helpers.ts';
import { kitOptions, memoryStorage } from './kit-support.ts';

LatchAuth.define();

type Step = 'config request' | 'kept config read' | 'accounts chunk' | 'key store chunk' | 'oauth chunk' | 'session slots read' | 'pending attempt read';

const log: Step[] = [];
const restores: (() => void)[] = [];

/** Records each call of `target[name]` as `step`, until the test ends. */
function spy<T extends object, K extends keyof T>(target: T, name: K, step: Step): void {
  const original = target[name] as (...args: unknown[]) => unknown;
  target[name] = function (this: unknown, ...args: unknown[]) {
    log.push(step);
    return original.apply(this, args);
  } as T[K];
  restores.push(() => (target[name] = original as T[K]));
}

/** Session slots in memory that record their reads (what IndexedDB's would do first). */
class RecordingSlots extends MemorySessionSlots {
  override keys(): Promise<string[]> {
    log.push('session slots read');
    return super.keys();
  }
  override getActive(): Promise<string | undefined> {
    log.push('session slots read');
    return super.getActive();
  }
}

const pendingStore: PendingOAuthStore = {
  save: () => undefined,
  take: () => (log.push('pending attempt read'), undefined),
};

/** A kit on the emulator whose start-up work is recorded; `kept`: a config kept from an earlier visit. */
async function recordingKit(kept: boolean): Promise<LatchKit> {
  const storage = memoryStorage();
  if (kept) {
    await new LatchKit(await kitOptions({ configCache: storage })).loadConfig();
    // The answer is kept in a task after its own: the next visit must find it.
    await waitUntil(() => storage.entries.size > 0, 'the config is kept');
  }
  const options = await kitOptions({
    sessionSlots: new RecordingSlots(),
    pendingStore,
    fetch: (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/wallet_kit_config')) log.push('config request');
      return fetch(input, init);
    },
    configCache: { ...storage, getItem: (key) => (log.push('kept config read'), storage.getItem(key)) },
  });
  // The default key store (its chunk, then IndexedDB): a restore that finds nobody never opens it.
  delete options.keyStore;
  // Only what this element's start does is recorded: the kit is made, nothing has run yet.
  expect(log, 'nothing before the element').to.deep.equal([]);
  return new LatchKit(options);
}

describe('<latch-auth> start-up order', () => {
  const href = location.href;
  afterEach(() => {
    restores.splice(0).forEach((restore) => restore());
    log.splice(0);
    history.replaceState(null, '', href);
    resetConfig();
    endFlow();
  });

  for (const kept of [false, true]) {
    it(`${kept ? 'a returning visitor (kept config)' : 'cold'}: the config request goes out before the restore, the redirect resume and the kept config's read`, async () => {
      // An OAuth answer in the address bar (not this tab's attempt): the resume loads its chunk and reads the attempt.
      history.replaceState(null, '', `${location.pathname}?state=not-this-tabs&code=abc`);
      const kit = await recordingKit(kept);
      spy(accountsModule, 'get', 'accounts chunk');
      spy(keyStoreModule, 'get', 'key store chunk');
      spy(oauthModules, 'get', 'oauth chunk');
      // Email and SMS only: an OAuth button prepares its attempt (its key) as it renders.
      const el = await fixture<LatchAuth>(html`<latch-auth methods="email,sms" .kit=${kit}></latch-auth>`);
      await waitUntil(() => el.shadowRoot!.querySelector('[part~="methods"] input'), 'the methods show', { timeout: 5000 });

      expect(log[0], `first of ${log.join(', ')}`).to.equal('config request');
      expect(log.filter((step) => step === 'config request'), 'one request').to.have.length(1);
      // Each of these happened, after the request.
      for (const step of ['accounts chunk', 'session slots read', 'oauth chunk', 'pending attempt read', 'kept config read'] as const) {
        expect(log.indexOf(step), `${step} in ${log.join(', ')}`).to.be.greaterThan(0);
      }
      expect(log.includes('key store chunk'), 'nobody saved: the key store is not loaded').to.equal(false);
    });
  }
});
