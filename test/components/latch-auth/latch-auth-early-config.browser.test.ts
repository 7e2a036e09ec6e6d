// <latch-auth>'s config request leaves while the drop-in's modules are evaluated (issue 40): the
// page's elements are in the document before latch-auth.ts is imported (as a page's module script
// runs after its HTML), so importing it sends each one's wallet_kit_config request before any
// element is defined; the element then takes that request instead of sending its own, and a
// failed one is reported once and retried anew. This file imports latch-auth.ts only inside the
// test, after its elements are in the page: a module is evaluated once per page.
import { expect, waitUntil } from '@open-wc/testing';
import { describe, it } from '../../support/harness.ts';
import type { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { kitFor } from '../../../src/kit/configure.ts';
import type { LatchError } from '../../../src/errors/latch-error.ts';
import { urls } from './kit-support.ts';

/** The wallet_kit_config requests the page sent, by config id, in order. */
const sent: string[] = [];
let failFlaky = 1;

describe('<latch-auth> early config request', () => {
  it('leaves at import, before the element is defined; the element takes it; a failure is reported once, a retry asks again', async () => {
    const pageFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/wallet_kit_config')) {
        const id = new Headers(init?.headers).get('x-auth-proxy-config-id') ?? '?';
        sent.push(id);
        // The `flaky` configuration's first request fails as an unreachable server does (in a task
        // of the network's, not while the module is evaluated).
        if (id === 'flaky' && failFlaky-- > 0) return new Promise((_, reject) => setTimeout(() => reject(new TypeError('Failed to fetch'))));
        // Both are the emulator's `demo` on the wire, kept under ids of their own: the origin's
        // localStorage, where these kits keep their answers, is shared by every test page.
        return pageFetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), 'x-auth-proxy-config-id': 'demo' } });
      }
      return pageFetch(input, init);
    };
    const good = document.createElement('latch-auth');
    const flaky = document.createElement('latch-auth');
    for (const [el, id] of [[good, 'early'], [flaky, 'flaky']] as const) {
      el.setAttribute('proxy-url', urls.proxyUrl);
      el.setAttribute('config-id', id);
      document.body.append(el);
    }
    try {
      const errors: LatchError[] = [];
      const module = await import('../../../components/latch-auth/latch-auth.ts');
      expect(sent, 'both requests left while the module was evaluated').to.deep.equal(['early', 'flaky']);
      expect(customElements.get('latch-auth'), 'nothing defined yet').to.equal(undefined);
      kitFor({ proxyUrl: urls.proxyUrl, configId: 'flaky' }).addEventListener('error', (event) => errors.push(event.detail));
      module.LatchAuth.define();
      const [a, b] = [good, flaky] as LatchAuth[];
      await waitUntil(() => a!.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show from the early answer');
      await waitUntil(() => b!.shadowRoot?.querySelector('[part~="retry"]'), 'the failed early request shows its retry');
      expect(sent, 'no element sent a second request').to.deep.equal(['early', 'flaky']);
      expect(errors.map((e) => e.code), 'the failure reported once').to.deep.equal(['ERR_NETWORK_FAILED']);
      (b!.shadowRoot!.querySelector('[part~="retry"]') as HTMLButtonElement).click();
      await waitUntil(() => b!.shadowRoot?.querySelector('[part~="methods"]'), 'the retry asks again and shows the methods');
      expect(sent).to.deep.equal(['early', 'flaky', 'flaky']);
    } finally {
      globalThis.fetch = pageFetch;
      good.remove();
      flaky.remove();
      for (const key of Object.keys(localStorage)) if (key.startsWith('latchkey:config:') && /"(early|flaky)"/.test(key)) localStorage.removeItem(key);
    }
  });
});
