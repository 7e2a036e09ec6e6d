// <latch-auth> for a returning visitor (issue 25 item 4): the last wallet_kit_config, kept in the
// page's localStorage per proxy and configuration, renders the methods before the answer; the
// answer reconciles them quietly; a failed answer still shows the error; another proxy or
// configuration starts cold. The emulator's answer is held by a fetch wrapper until the test
// lets it through (no sleeps): each proxy here is an alias URL that the wrapper sends to the
// emulator, so every test has its own storage entries.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { normalizeWalletKitConfig } from '../../../src/clients/proxy-client.ts';
import { configCacheKey } from '../../../src/kit/config-cache.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { resetConfig } from '../support/helpers.ts';
import { kitOptions, part, text, urls, waitingForConfig } from './kit-support.ts';

LatchAuth.define();

interface Held {
  /** Answers the request with the emulator's own answer, `edit` laid over it. */
  pass(edit?: Record<string, unknown>): Promise<void>;
  /** The network fails under the request. */
  fail(): void;
}

/** A fetch to the emulator under `alias`, whose wallet_kit_config answers wait for the test. */
function holdingFetch(alias: string): { fetch: typeof fetch; next: () => Promise<Held>; raw: unknown[] } {
  const waiting: Held[] = [];
  const raw: unknown[] = [];
  let arrived: (() => void) | undefined;
  const wrapped: typeof fetch = (input, init) => {
    const url = (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).replace(alias, urls.proxyUrl);
    if (!url.endsWith('/wallet_kit_config')) return fetch(url, init);
    return new Promise<Response>((resolve, reject) => {
      waiting.push({
        async pass(edit = {}) {
          const body = { ...((await (await fetch(url, init)).json()) as Record<string, unknown>), ...edit };
          raw.push(body);
          resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
        },
        fail: () => reject(new TypeError('Failed to fetch')),
      });
      arrived?.();
    });
  };
  const next = async (): Promise<Held> => {
    if (!waiting.length) await new Promise<void>((resolve) => (arrived = resolve));
    return waiting.shift()!;
  };
  return { fetch: wrapped, next, raw };
}

/** A new proxy alias (its own storage entries) for one test. */
// Short: this page's entries share the origin's localStorage with every test page, and one of them
// (latch-kit.browser.test.ts, E6) scans it all for long runs that look like key material.
const newAlias = (): string => `http://kept-${crypto.randomUUID().slice(0, 8)}.invalid`;

/** A kit on `alias`, keeping its config in the page's localStorage (the default). */
async function kitOn(alias: string, held: ReturnType<typeof holdingFetch>, configId = 'demo'): Promise<LatchKit> {
  const options = await kitOptions({ proxyUrl: alias, configId, fetch: held.fetch });
  delete options.configCache;
  return new LatchKit(options);
}

/** The methods on screen, in order (the forms' and buttons' names). */
const shownMethods = (el: LatchAuth): string[] =>
  Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('form[data-method], latch-passkey-button, latch-oauth-button')).map((node) =>
    node.localName === 'form' ? node.dataset['method']! : node.localName === 'latch-passkey-button' ? 'passkey' : node.getAttribute('provider')!,
  );

/** The first methods wait for the restore's chunk: more than waitUntil's 1 s default on a busy machine. */
const SLOW = { timeout: 5000 };

/**
 * The kept methods show once the kit's session restore has found nobody (latch-auth-restoring
 * tests the wait), while the answer is still held: they come from storage.
 */
const keptShown = (el: LatchAuth): Promise<void> => waitUntil(() => shownMethods(el).length > 0, 'the kept methods show before the answer', SLOW);

const field = (el: LatchAuth, method: 'email' | 'sms'): HTMLInputElement => part(el, `form-${method}`).querySelector('input')!;

/**
 * What the live regions inside `el` are given while it is watched: texts added to a `role=status`,
 * `role=alert` or `aria-live` region (a screen reader says those).
 */
function watchLiveRegions(el: LatchAuth): () => string[] {
  const said: string[] = [];
  const live = (node: Node | null): boolean => !!(node instanceof Element ? node : node?.parentElement)?.closest('[role="status"], [role="alert"], [aria-live]');
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (!live(record.target)) continue;
      const added = record.type === 'characterData' ? [record.target] : Array.from(record.addedNodes);
      for (const node of added) if (node.textContent?.trim()) said.push(node.textContent.trim());
    }
  });
  observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true });
  return () => {
    for (const record of observer.takeRecords()) if (live(record.target) && record.target.textContent?.trim()) said.push(record.target.textContent.trim());
    observer.disconnect();
    return said;
  };
}

/** A first visit on `alias` that has loaded and kept the `demo` config (edited by `edit`). */
async function firstVisit(alias: string, edit: Record<string, unknown> = {}): Promise<void> {
  const held = holdingFetch(alias);
  const kit = await kitOn(alias, held);
  const loading = kit.loadConfig();
  await (await held.next()).pass(edit);
  await loading;
  // Written in a task after the answer's (its render does not wait for the write).
  await waitUntil(() => localStorage.getItem(configCacheKey(alias, 'demo')) !== null, 'the answer is kept', SLOW);
}

describe('<latch-auth> with a kept config', () => {
  const keys: string[] = [];
  const keyFor = (alias: string, configId = 'demo'): string => (keys.push(configCacheKey(alias, configId)), configCacheKey(alias, configId));
  afterEach(async () => {
    resetConfig();
    endFlow();
    // A kit keeps an answer in a 0 ms timer after it: a later timer runs after that write.
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const key of keys.splice(0)) localStorage.removeItem(key);
  });

  it('a first visit waits for the answer, then keeps it: the normalized answer, nothing more', async () => {
    const alias = newAlias();
    const held = holdingFetch(alias);
    const kit = await kitOn(alias, held);
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    const request = await held.next();
    expect(shownMethods(el), 'nothing kept yet: no methods before the answer').to.deep.equal([]);
    expect(waitingForConfig(el), 'waiting for the answer').to.equal(true);
    expect(localStorage.getItem(keyFor(alias))).to.equal(null);

    await request.pass({ unknownField: 'not kept' });
    await waitUntil(() => shownMethods(el).length > 0, 'the methods show', SLOW);
    await waitUntil(() => localStorage.getItem(keyFor(alias)) !== null, 'the answer is kept', SLOW);
    const stored = JSON.parse(localStorage.getItem(keyFor(alias))!) as Record<string, unknown>;
    // The emulator's answer as it went over the wire, normalized: exactly what is kept.
    expect(stored).to.deep.equal(normalizeWalletKitConfig(held.raw[0]));
    expect(stored).to.deep.equal(kit.config);
    expect(Object.keys(stored)).to.not.include('unknownField');
  });

  it('a returning visit renders the kept methods before the answer, typing works, and flows wait for the answer', async () => {
    const alias = newAlias();
    keyFor(alias);
    await firstVisit(alias, { enabledProviders: ['email', 'sms', 'google', 'apple'], oauthClientIds: { google: 'kept-client', apple: 'kept-client' } });
    const held = holdingFetch(alias);
    const kit = await kitOn(alias, held);
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    const request = await held.next(); // the answer is held: all that shows comes from storage
    await keptShown(el);
    expect(shownMethods(el)).to.deep.equal(['email', 'sms', 'google', 'apple']);
    expect(part(el, 'base').getAttribute('aria-busy')).to.equal('false');
    expect(text(part(el, 'status')), 'no loading text').to.equal('');
    field(el, 'email').focus();
    await sendKeys({ type: 'kept@example.com' });
    expect(field(el, 'email').value).to.equal('kept@example.com');

    // The cold path stays honest: what flows act on is the answer, never the kept config.
    expect(kit.config).to.equal(null);
    const google = kit.prepareOAuth('google');
    const apple = kit.prepareOAuth('apple').then(
      () => 'prepared',
      (error: { code?: string }) => error.code,
    );
    await request.pass({ enabledProviders: ['email', 'google'], oauthClientIds: { google: 'answer-client' } });
    const pending = await google;
    expect(pending.clientId, "the answer's client id").to.equal('answer-client');
    expect(new URL(pending.url).searchParams.get('client_id')).to.equal('answer-client');
    expect(await apple, 'apple, kept but no longer enabled').to.equal('ERR_CONFIG_INVALID');
    await kit.abandonOAuth(pending);
  });

  it('methods changed on the server: re-rendered to the answer, the typed text and focus kept, nothing announced', async () => {
    const alias = newAlias();
    keyFor(alias);
    await firstVisit(alias, { enabledProviders: ['email', 'sms', 'google'] });
    const held = holdingFetch(alias);
    const kit = await kitOn(alias, held);
    // SMS first, so the email form moves when SMS goes: its field is rendered anew. `methods`
    // lists every method either answer enables: it hides what it does not name.
    const el = await fixture<LatchAuth>(html`<latch-auth methods="sms,email,google,apple" .kit=${kit}></latch-auth>`);
    const request = await held.next();
    await keptShown(el);
    expect(shownMethods(el)).to.deep.equal(['sms', 'email', 'google']);
    const before = field(el, 'email');
    before.focus();
    await sendKeys({ type: 'half.typed@exam' });

    const said = watchLiveRegions(el);
    await request.pass({ enabledProviders: ['email', 'apple'] });
    await waitUntil(() => shownMethods(el).join() === 'email,apple', 'the answer shows');
    await el.updateComplete;
    expect(said(), 'live regions').to.deep.equal([]);
    const after = field(el, 'email');
    expect(after.value, 'the typed text').to.equal('half.typed@exam');
    expect(el.shadowRoot!.activeElement === after, 'the focus is in the field').to.equal(true);
    await sendKeys({ type: 'ple.com' });
    expect(after.value, 'typing goes on in the same field').to.equal('half.typed@example.com');
    expect(part(el, 'base').getAttribute('aria-busy')).to.equal('false');
  });

  it('a failed answer after a kept render shows the error and retry, and the next visit starts cold', async () => {
    const alias = newAlias();
    keyFor(alias);
    await firstVisit(alias);
    const held = holdingFetch(alias);
    const kit = await kitOn(alias, held);
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    const request = await held.next();
    await keptShown(el);

    request.fail();
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="retry"]'), 'the retry shows');
    expect(shownMethods(el), 'the kept methods are gone').to.deep.equal([]);
    expect(text(part(el, 'error')), 'the error is said').to.not.equal('');
    expect(localStorage.getItem(configCacheKey(alias, 'demo')), 'the entry is dropped').to.equal(null);

    const again = holdingFetch(alias);
    const next = await fixture<LatchAuth>(html`<latch-auth .kit=${await kitOn(alias, again)}></latch-auth>`);
    await again.next();
    expect(shownMethods(next), 'cold: nothing before the answer').to.deep.equal([]);
    expect(waitingForConfig(next), 'waiting for the answer').to.equal(true);
  });

  it('another proxy or another configuration id does not use the kept config', async () => {
    const alias = newAlias();
    keyFor(alias);
    await firstVisit(alias);
    expect(localStorage.getItem(configCacheKey(alias, 'demo')), 'kept for the first pair').to.not.equal(null);
    const other = newAlias();
    for (const [proxy, configId] of [
      [other, 'demo'],
      [alias, 'another'],
    ] as const) {
      keyFor(proxy, configId);
      const held = holdingFetch(proxy);
      const el = await fixture<LatchAuth>(html`<latch-auth .kit=${await kitOn(proxy, held, configId)}></latch-auth>`);
      await held.next();
      expect(shownMethods(el), `${proxy === other ? 'another proxy' : 'another configuration'}: nothing before the answer`).to.deep.equal([]);
      expect(waitingForConfig(el), 'waiting for the answer').to.equal(true);
    }
  });
});
