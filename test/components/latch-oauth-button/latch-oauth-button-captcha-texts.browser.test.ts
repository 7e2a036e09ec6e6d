// A lone `<latch-oauth-button>` (no `<latch-auth>` around it) loads the captcha errors' texts
// itself, after its first update, unless its kit's `captcha` is false. A file of its own: its page
// has not loaded that chunk yet, which is what the test looks at (the texts are in the catalogue
// or not). The kit-level `captcha: false` case runs first, while nothing has loaded them.
import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchOauthButton } from '../../../components/latch-oauth-button/latch-oauth-button.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { resetConfig } from '../support/helpers.ts';
import { captchaTextsLoaded, testKit } from '../latch-auth/kit-support.ts';

LatchOauthButton.define();

describe('<latch-oauth-button> captcha texts', () => {
  afterEach(() => {
    resetConfig();
    endFlow();
  });

  it('with the kit\'s captcha off: not loaded', async () => {
    const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="google" .kit=${await testKit({ captcha: false })}></latch-oauth-button>`);
    await waitUntil(() => el.shadowRoot?.querySelector('button'), 'the button renders');
    // Ample time for a chunk that a button had asked for (it loads within a task or two here).
    await aTimeout(300);
    expect(captchaTextsLoaded(), 'loaded with captcha: false').to.equal(false);
  });

  it('otherwise: loaded after the button\'s first update', async () => {
    const el = await fixture<LatchOauthButton>(html`<latch-oauth-button provider="google" .kit=${await testKit()}></latch-oauth-button>`);
    await waitUntil(() => el.shadowRoot?.querySelector('button'), 'the button renders');
    await waitUntil(captchaTextsLoaded, 'the texts load', { timeout: 5000 });
  });
});
