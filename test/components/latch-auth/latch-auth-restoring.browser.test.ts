// <latch-auth> while the kit restores the session an earlier page load left: the login methods
// wait for the restore to settle, whether the config's answer or the kept config comes first, so
// that a logged-in person never sees the login form flash and nobody types into a form that the
// logged-in view then replaces (the frameworks e2e test typed into it once, in CI). The restore
// is held by a deferred promise the test releases: no timing.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { resetConfig } from '../support/helpers.ts';
import { kitOptions, latestCode, memoryStorage, part, uniqueEmail, waitingForConfig } from './kit-support.ts';

LatchAuth.define();

/** Each wait covers a round trip to the emulator and a lazy chunk: more than waitUntil's 1 s default on a busy machine. */
const SLOW = { timeout: 5000 };

/** A kit whose `restoreSession()` starts only when the test releases it (or fails then, with `error`). */
class HeldRestoreKit extends LatchKit {
  #release!: (error?: Error) => void;
  readonly #gate = new Promise<void>((resolve, reject) => (this.#release = (error) => (error ? reject(error) : resolve())));

  release(error?: Error): void {
    this.#release(error);
  }

  override restoreSession(): Promise<SigningSession | null> {
    return this.#gate.then(() => super.restoreSession());
  }
}

const kits: LatchKit[] = [];

/** What one browser keeps between page loads: keys, the saved session, the kept config. */
function browserStores(): Partial<LatchKitOptions> {
  return { keyStore: new MemoryKeyStore(), sessionStore: new MemorySessionStore(), configCache: memoryStorage() };
}

async function heldKit(stores: Partial<LatchKitOptions>): Promise<HeldRestoreKit> {
  const kit = new HeldRestoreKit(await kitOptions(stores));
  kits.push(kit);
  return kit;
}

/** An earlier page load on `stores` that signed up `email` (its session is saved there) and kept the config. */
async function earlierLoad(stores: Partial<LatchKitOptions>, email: string): Promise<void> {
  const kit = new LatchKit(await kitOptions(stores));
  kits.push(kit);
  await kit.loadConfig();
  await keptIn(stores);
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', email);
  await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: email, otpId, otpCode: await latestCode(email) });
}

/** An earlier visit on `stores` that loaded the config and kept it (nobody logged in). */
async function visitKeepingConfig(stores: Partial<LatchKitOptions>): Promise<void> {
  const kit = new LatchKit(await kitOptions(stores));
  kits.push(kit);
  await kit.loadConfig();
  await keptIn(stores);
}

/** The answer is kept in a task after its own: waits until `stores` holds it. */
async function keptIn(stores: Partial<LatchKitOptions>): Promise<void> {
  const storage = stores.configCache as ReturnType<typeof memoryStorage>;
  await waitUntil(() => storage.entries.size > 0, 'the config is kept');
}

const methods = (el: LatchAuth): Element | null => el.shadowRoot!.querySelector('[part~="methods"]');
const account = (el: LatchAuth): Element | null => el.shadowRoot!.querySelector('[part="account"]');

/** Records whether the methods' list was ever put in `el`'s shadow tree while watched (even for one render). */
function watchMethods(el: LatchAuth): () => boolean {
  let seen = methods(el) !== null;
  const check = (records: MutationRecord[]): void => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (node instanceof Element && (node.matches('[part~="methods"]') || node.querySelector('[part~="methods"]'))) seen = true;
      }
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(el.shadowRoot!, { childList: true, subtree: true });
  return () => {
    check(observer.takeRecords());
    observer.disconnect();
    return seen;
  };
}

/** The element waits: no methods, no logged-in view; nothing shown yet, or the busy loading state. */
function expectLoading(el: LatchAuth, when: string): void {
  // Booleans, not the elements: an assertion's failure message then stays small.
  expect(methods(el) !== null, `${when}: the methods show`).to.equal(false);
  expect(account(el) !== null, `${when}: the logged-in view shows already`).to.equal(false);
  // Nothing at all in a first load's first moments (see LOADING_DELAY_MS), else the busy loading state.
  expect(waitingForConfig(el), `${when}: nothing, or the busy loading state`).to.equal(true);
}

describe('<latch-auth> while a session is restored', () => {
  afterEach(() => {
    resetConfig();
    endFlow();
    kits.splice(0).forEach((kit) => kit.dispose());
  });

  it('a stored session restored after the config answer: the methods never show, the logged-in view does', async () => {
    const stores = browserStores();
    const email = uniqueEmail('auth.restoring');
    await earlierLoad(stores, email);
    const kit = await heldKit({ ...stores, configCache: false });
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    const seen = watchMethods(el);
    await kit.loadConfig(); // the element's request: it has its answer
    await el.updateComplete;
    expectLoading(el, 'answered, still restoring');

    kit.release();
    await waitUntil(() => account(el), 'the logged-in view shows', SLOW);
    expect(kit.session?.active).to.equal(true);
    expect(seen(), 'the methods showed at some point').to.equal(false);
  });

  it('a returning visitor (kept config) with a stored session: the kept methods wait for the restore too', async () => {
    const stores = browserStores();
    const email = uniqueEmail('auth.restoring.kept');
    await earlierLoad(stores, email);
    const kit = await heldKit(stores);
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    const seen = watchMethods(el);
    expect(kit.shownConfig !== null, 'the kept config is there before the answer').to.equal(true);
    await el.updateComplete;
    expectLoading(el, 'kept config, restoring');
    await kit.loadConfig();
    await el.updateComplete;
    expectLoading(el, 'kept config and answer, still restoring');

    kit.release();
    await waitUntil(() => account(el), 'the logged-in view shows', SLOW);
    expect(seen(), 'the methods showed at some point').to.equal(false);
  });

  it('nobody stored: the methods show once the restore says so, whether the kept config or the answer came first', async () => {
    for (const kept of [false, true]) {
      const stores = browserStores();
      if (kept) {
        await visitKeepingConfig(stores);
      }
      const kit = await heldKit(stores);
      const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
      await kit.loadConfig();
      await el.updateComplete;
      expectLoading(el, kept ? 'kept' : 'cold');

      kit.release();
      await waitUntil(() => methods(el)?.querySelector('input'), 'the methods show', SLOW);
      expect(kit.session === null, 'nobody is logged in').to.equal(true);
      expect(account(el) !== null, 'a logged-in view').to.equal(false);
      expect(part(el, 'base').getAttribute('aria-busy')).to.equal('false');
    }
  });

  it('a restore that fails (the kit reports it) still shows the methods', async () => {
    const kit = await heldKit(browserStores());
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    await kit.loadConfig();
    await el.updateComplete;
    expectLoading(el, 'answered, restoring');
    kit.release(new LatchError('ERR_STORE_UNAVAILABLE', 'The session store cannot be read.'));
    await waitUntil(() => methods(el)?.querySelector('input'), 'the methods show', SLOW);
    expect(el.shadowRoot!.querySelector('[part~="retry"]') !== null, 'a retry').to.equal(false);
  });

  describe('with the default session store and its saved-session hint', () => {
    // The hint lives in the origin's localStorage, which every test page shares (and other
    // pages' default stores write): what this page reads of it is set here instead.
    const HINT = 'latchkey:saved:["latchkey","sessions"]';
    const getItem = Storage.prototype.getItem;
    let hint: string | null = null;
    beforeEach(() => {
      Storage.prototype.getItem = function (this: Storage, key: string): string | null {
        if (this !== localStorage || key !== HINT) return getItem.call(this, key);
        if (hint === 'throw') throw new DOMException('The storage is blocked.', 'SecurityError');
        return hint;
      };
    });
    afterEach(() => {
      Storage.prototype.getItem = getItem;
    });

    /** A kit on the default (IndexedDB) session store, its restore held (never released here: the store is the origin's, which other pages share). */
    async function defaultStoreKit(stores: Partial<LatchKitOptions>): Promise<HeldRestoreKit> {
      const options = await kitOptions(stores);
      delete options.sessionStore;
      const kit = new HeldRestoreKit(options);
      kits.push(kit);
      return kit;
    }

    it('no hint (nothing saved): the answer shows the methods without waiting for the restore', async () => {
      hint = null;
      const kit = await defaultStoreKit({ configCache: memoryStorage() });
      expect(kit.mayHaveSavedSession(), 'the kit can tell nothing is saved').to.equal(false);
      const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
      await waitUntil(() => methods(el)?.querySelector('input'), 'the methods show, the restore still held', SLOW);
      expect(part(el, 'base').getAttribute('aria-busy')).to.equal('false');
    });

    it('no hint and a kept config: the first render is the methods, before the answer (no loading state)', async () => {
      hint = null;
      const stores = { configCache: memoryStorage() };
      await visitKeepingConfig(stores);
      const kit = await defaultStoreKit(stores);
      // The fixture resolves after the first update: no round trip can have been answered yet.
      const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
      expect(kit.config, 'the answer is not in').to.equal(null);
      expect(methods(el)?.querySelector('input') != null, 'the kept methods show at once').to.equal(true);
      expect(el.shadowRoot!.querySelector('[part="loading"]') !== null, 'a loading state').to.equal(false);
    });

    /** Whether the `<latch-auth>` of `kit` (the loop's earlier fixtures are still on the page) shows `selector`. */
    const shows = (kit: LatchKit, selector: string): boolean =>
      [...document.querySelectorAll('latch-auth')].find((el) => el.kit === kit)?.shadowRoot?.querySelector(selector) != null;

    it('no hint: the restore starts only after the methods have rendered, kept config or not (its chunk and IndexedDB probe are not their work)', async () => {
      hint = null;
      for (const kept of [false, true]) {
        const stores = { configCache: memoryStorage() };
        if (kept) await visitKeepingConfig(stores);
        const kit = await defaultStoreKit(stores);
        // At each call of the restore: whether the methods were in the element already.
        const calls: boolean[] = [];
        const held = kit.restoreSession.bind(kit);
        kit.restoreSession = () => (calls.push(shows(kit, '[part~="methods"] input')), held());
        const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
        await waitUntil(() => calls.length > 0, 'the restore starts', SLOW);
        expect(calls, kept ? 'kept' : 'cold').to.deep.equal([true]);
        expect(methods(el) !== null, 'the methods show').to.equal(true);
      }
    });

    it('no hint and a config that fails: the restore still starts, after the failure has rendered', async () => {
      hint = null;
      const offline: typeof fetch = (input, init) =>
        String(input instanceof Request ? input.url : input).endsWith('/wallet_kit_config') ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
      const kit = await defaultStoreKit({ configCache: memoryStorage(), fetch: offline });
      const calls: boolean[] = [];
      const held = kit.restoreSession.bind(kit);
      kit.restoreSession = () => (calls.push(shows(kit, '[part~="retry"]')), held());
      await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
      await waitUntil(() => calls.length > 0, 'the restore starts', SLOW);
      expect(calls, 'the retry showed at the restore').to.deep.equal([true]);
    });

    it('a hint whose sessions have all expired (a visitor back after their session ended): the kept methods show at once; one still live: they wait', async () => {
      for (const [until, waits] of [[Date.now() - 1000, false], [Date.now() + 600_000, true]] as const) {
        hint = String(until);
        const stores = { configCache: memoryStorage() };
        await visitKeepingConfig(stores);
        const kit = await defaultStoreKit(stores);
        expect(kit.mayHaveSavedSession(), 'may have').to.equal(waits);
        const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
        if (waits) expectLoading(el, 'a live session may be restored');
        else expect(methods(el)?.querySelector('input') != null, 'the kept methods show at once').to.equal(true);
      }
    });

    it('a hint (a session may be saved): the methods wait for the restore, kept config or not', async () => {
      hint = '1';
      for (const withKept of [false, true]) {
        const stores = { configCache: memoryStorage() };
        if (withKept) {
          await visitKeepingConfig(stores);
        }
        const kit = await defaultStoreKit(stores);
        expect(kit.mayHaveSavedSession()).to.equal(true);
        const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
        await kit.loadConfig();
        await el.updateComplete;
        expectLoading(el, withKept ? 'hint, kept config and answer' : 'hint and answer');
      }
    });

    it('a localStorage that cannot be read (cannot tell): the methods wait', async () => {
      hint = 'throw';
      const kit = await defaultStoreKit({ configCache: memoryStorage() });
      expect(kit.mayHaveSavedSession()).to.equal(true);
      const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
      await kit.loadConfig();
      await el.updateComplete;
      expectLoading(el, 'unreadable hint and answer');
    });

    it('the kit\'s own session store: the hint is not asked, the methods wait', async () => {
      hint = null;
      const kit = await heldKit(browserStores());
      expect(kit.mayHaveSavedSession()).to.equal(true);
      const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
      await kit.loadConfig();
      await el.updateComplete;
      expectLoading(el, 'own store, no hint');
    });
  });
});
