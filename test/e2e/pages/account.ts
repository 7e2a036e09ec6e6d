// <latch-account> managing the account (issue 24) beside <latch-auth> for the login. The in-page
// test wallet (an EIP-6963 announcer whose EIP-1193 provider signs with viem,
// test/support/test-wallet.ts) stands in for an extension; its key comes from the URL
// (`?wallet-key=0x…`). `latch-account-deleted` joins the logged latch-* events.
import './shared/violations.ts';
import { logEvent, logLatchEvents } from './shared/event-log.ts';
import { start } from './shared/boot.ts';
import { installTestWallet } from '../../support/test-wallet.ts';

logLatchEvents(document);
document.addEventListener('latch-account-deleted', (event) => logEvent(event, 'dom'));

start(async () => {
  const key = new URLSearchParams(location.search).get('wallet-key');
  if (key && /^0x[0-9a-f]{64}$/i.test(key)) installTestWallet({ privateKey: key as `0x${string}`, name: 'E2E Test Wallet', rdns: 'com.example.e2ewallet' });
  await import('./shared/define-elements.ts');
});
