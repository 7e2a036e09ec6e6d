// The login elements in Node (server-side rendering): importing their modules needs no DOM,
// defines nothing, and registers their English strings; `LatchAuth.define()` defines the drop-in
// and the buttons it renders in lit's registry shim, and again without throwing.
import { describe, expect, it, runtime } from '../../support/harness.ts';

const registry = (): CustomElementRegistry | undefined => (globalThis as { customElements?: CustomElementRegistry }).customElements;
const TAGS = ['latch-auth', 'latch-oauth-button', 'latch-passkey-button'];

if (runtime === 'node') describe('login elements in Node', () => {
  it('import without a DOM, define nothing, and bring their English strings', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).to.equal('undefined');
    const [{ LatchAuth }, { LatchOauthButton }, { LatchPasskeyButton, isPasskeySupported }] = await Promise.all([
      import('../../../components/latch-auth/latch-auth.ts'),
      import('../../../components/latch-oauth-button/latch-oauth-button.ts'),
      import('../../../components/latch-passkey-button/latch-passkey-button.ts'),
    ]);
    expect([LatchAuth.tag, LatchOauthButton.tag, LatchPasskeyButton.tag]).to.deep.equal(TAGS);
    for (const tag of TAGS) expect(registry()?.get(tag), `${tag} defined by an import`).to.equal(undefined);
    expect(isPasskeySupported()).to.equal(false);
    const { translate } = await import('../../../components/i18n/translate.ts');
    expect(translate('en', 'auth.sending')).to.equal('Sending your code…');
    expect(translate('en', 'passkey.userName')).to.equal('Name for your account');
  });

  it('LatchAuth.define() defines the drop-in and its buttons; twice is a no-op', async () => {
    const { LatchAuth } = await import('../../../components/latch-auth/latch-auth.ts');
    expect(LatchAuth.define()).to.equal(true);
    for (const tag of TAGS) expect(registry()?.get(tag), tag).to.be.a('function');
    expect(LatchAuth.define()).to.equal(false);
  });

  it('signup-wallet lists become wallets', async () => {
    const { walletFromList } = await import('../../../components/latch-auth/latch-kit-element.ts');
    expect(walletFromList('ethereum, solana')?.accounts.map((a) => [a.curve, a.path, a.addressFormat])).to.deep.equal([
      ['CURVE_SECP256K1', "m/44'/60'/0'/0/0", 'ADDRESS_FORMAT_ETHEREUM'],
      ['CURVE_ED25519', "m/44'/501'/0'/0'", 'ADDRESS_FORMAT_SOLANA'],
    ]);
    expect(walletFromList('  ')).to.equal(undefined);
  });
});
