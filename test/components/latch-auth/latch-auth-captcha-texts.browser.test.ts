// When the captcha errors' texts load (issue 25, "ready sooner"): a chunk of their own, needed only
// once a request has been answered with a challenge, so `<latch-auth>` loads it after the
// config's answer, never beside the first render or the answer's. A file of its own: its page
// has not loaded that chunk yet, which is what the test looks at (the texts are in the catalogue
// or not).
import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { resetConfig } from '../support/helpers.ts';
import { captchaTextsLoaded, testKit } from './kit-support.ts';

LatchAuth.define();

describe('<latch-auth> captcha texts', () => {
  afterEach(() => {
    resetConfig();
    endFlow();
  });

  it('load only once the config has answered', async () => {
    expect(captchaTextsLoaded(), 'loaded before the element').to.equal(false);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    const kit = await testKit({
      fetch: async (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith('/wallet_kit_config')) {
          asked = true;
          await gate;
        }
        return fetch(input, init);
      },
    });
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    await waitUntil(() => asked, 'the config is asked for');
    // Ample time for a chunk that was not waiting for the answer (a module already in this
    // page's graph loads within a task or two).
    await aTimeout(200);
    expect(captchaTextsLoaded(), 'loaded while the answer is awaited').to.equal(false);
    release();
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show');
    await waitUntil(captchaTextsLoaded, 'the texts load after the answer', { timeout: 5000 });
  });
});
