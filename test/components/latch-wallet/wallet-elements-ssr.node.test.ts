// Server-side rendering: the wallet, on-ramp and tx-status modules import in Node (no DOM, no
// window) without throwing and define nothing; their own catalogues are registered on import.
import { describe, expect, it } from '../../support/harness.ts';

const registry = (): CustomElementRegistry | undefined => (globalThis as { customElements?: CustomElementRegistry }).customElements;

describe('wallet elements in Node', () => {
  it('import without a DOM, define nothing, and bring their strings', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).to.equal('undefined');
    const [{ LatchWallet }, { LatchOnramp }, { LatchTxStatus }, { translate }] = await Promise.all([
      import('../../../components/latch-wallet/latch-wallet.ts'),
      import('../../../components/latch-onramp/latch-onramp.ts'),
      import('../../../components/latch-tx-status/latch-tx-status.ts'),
      import('../../../components/i18n/translate.ts'),
    ]);
    for (const [ctor, tag] of [[LatchWallet, 'latch-wallet'], [LatchOnramp, 'latch-onramp'], [LatchTxStatus, 'latch-tx-status']] as const) {
      expect(ctor.tag).to.equal(tag);
      expect(registry()?.get(tag), `${tag} defined by an import`).to.equal(undefined);
    }
    expect(translate('es', 'wallet.title')).to.equal('Billetera');
    expect(translate('ar', 'onramp.submit')).to.equal('المتابعة إلى المزوّد');
    expect(translate('en', 'tx.kind.custom')).to.equal('Custom error');
    expect(translate('en', 'error.ERR_ONRAMP_AMOUNT')).to.equal('Enter an amount greater than 20, or leave it empty.');
  });

  it('define() registers with lit\'s registry shim, once', async () => {
    const { LatchWallet } = await import('../../../components/latch-wallet/latch-wallet.ts');
    expect(LatchWallet.define()).to.equal(true);
    expect(LatchWallet.define()).to.equal(false);
    expect(registry()?.get('latch-wallet')).to.equal(LatchWallet);
  });
});
