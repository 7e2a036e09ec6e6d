// Plain HTML: the elements are in the markup; the page's script calls configure() (the emulator's
// proxy and keys) and only then loads `latchkey/define`, so every element upgrades with the kit
// in place. Events are heard on `document` (they bubble and are composed).
//
// Query parameters (the tests' knobs): `accounts=N` signs up with a wallet of N Ethereum
// accounts (the `signupWallet` property instead of the attribute's default), `modal` shows the
// drop-in as a dialog opened by a button.
import './shared/violations.ts';
import type { WalletParams } from 'latchkey';
import { logLatchEvents } from './shared/event-log.ts';
import { start } from './shared/boot.ts';

logLatchEvents(document);

function ethereumWallet(count: number): WalletParams {
  return {
    walletName: 'Many accounts',
    accounts: Array.from({ length: count }, (_, i) => ({
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: `m/44'/60'/0'/0/${i}`,
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    })),
  };
}

start(async ({ kit }) => {
  const params = new URLSearchParams(location.search);
  const auth = document.getElementById('auth')!;
  const accounts = Number(params.get('accounts'));
  if (accounts > 0) (auth as HTMLElement & { signupWallet?: WalletParams }).signupWallet = ethereumWallet(accounts);
  if (params.has('modal')) {
    auth.setAttribute('modal', '');
    const open = document.getElementById('open-auth')!;
    open.hidden = false;
    open.addEventListener('click', () => auth.setAttribute('open', ''));
  }
  // A reload keeps the session: pick it up before the elements render.
  await kit.restoreSession();
  await import('./shared/define-elements.ts');
  const status = document.getElementById('status')!;
  document.addEventListener('latch-login', (event) => (status.textContent = `Logged in: ${event.detail.session.userId}`));
  document.addEventListener('latch-logout', () => (status.textContent = 'Logged out.'));
});
