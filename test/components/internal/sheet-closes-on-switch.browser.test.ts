// The default confirmation (latchkey/eip1193's sheet) when the logged-in user changes while it is
// open (issue 37): a kit-bound provider shows A's personal_sign on <latch-confirm>; the page
// switches to B (kit.accounts().setActiveSession) before anyone answers. The sheet closes, the
// request is refused (4001, ERR_SESSION_USER_CHANGED), and a request queued behind it is never
// shown. Against the emulator the test runner started, two users signed up by email OTP.
import { expect, waitUntil } from '@open-wc/testing';
import { describe, it, before, after } from '../../support/harness.ts';
import { ETH_ACCOUNT, signUpWithKit, testKit, uniqueEmail } from '../support/emulator-kit.ts';
import { toHex } from 'viem';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { createEip1193Provider, ProviderRpcError, type LatchEip1193Provider } from '../../../components/eip1193.ts';

describe('the sheet closes when another user logs in while it asks (kit-bound provider, emulator)', () => {
  let kit: LatchKit;
  let provider: LatchEip1193Provider;
  const keys: Record<'a' | 'b', string> = { a: '', b: '' };
  const addresses: Record<'a' | 'b', string> = { a: '', b: '' };

  before(async () => {
    kit = await testKit();
    const accounts = await kit.accounts();
    for (const who of ['a', 'b'] as const) {
      if (who === 'b') accounts.useAnotherAccount();
      const login = await signUpWithKit(kit, { email: uniqueEmail(`sheet-switch.${who}`), wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT] } });
      addresses[who] = login.signup!.wallet!.addresses[0]!;
      keys[who] = accounts.getActiveSessionKey()!;
    }
    await accounts.setActiveSession(keys.a);
    provider = createEip1193Provider({ kit, chainId: 1 });
  });

  after(() => {
    provider?.dispose();
    kit?.dispose();
  });

  it('A\u2019s request on the sheet, the page switches to B: the sheet goes, 4001 ERR_SESSION_USER_CHANGED; the request queued behind it is never shown', async () => {
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => 'signed',
        (error: unknown) => (error instanceof ProviderRpcError ? `${error.code} ${(error.data as { latchCode?: string } | undefined)?.latchCode}` : String(error)),
      );
    const first = refused(provider.request({ method: 'personal_sign', params: [toHex('for a, first'), addresses.a] }));
    const second = refused(provider.request({ method: 'personal_sign', params: [toHex('for a, second'), addresses.a] }));
    await waitUntil(() => document.querySelector('latch-confirm')?.open === true, 'no sheet for A\u2019s request', { timeout: 10_000 });
    expect(document.querySelectorAll('latch-confirm')).to.have.length(1);

    await (await kit.accounts()).setActiveSession(keys.b);
    expect(await first).to.equal('4001 ERR_SESSION_USER_CHANGED');
    expect(await second).to.equal('4001 ERR_SESSION_USER_CHANGED');
    expect(document.querySelector('latch-confirm'), 'no sheet left, none shown for the queued request').to.equal(null);
  });
});
