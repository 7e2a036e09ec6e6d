// Login with an external wallet (issue 12 part 3): the in-page test wallet (an EIP-6963
// announcer whose EIP-1193 provider holds a real secp256k1 key, test/support/test-wallet.ts)
// stands in for a browser extension. Its key comes from the URL (`?wallet-key=0x…`), so a
// reload brings back the same wallet, as an extension would be.
import './shared/violations.ts';
import { logLatchEvents } from './shared/event-log.ts';
import { start } from './shared/boot.ts';
import { installTestWallet } from '../../support/test-wallet.ts';

logLatchEvents(document);

start(async ({ kit }) => {
  const key = new URLSearchParams(location.search).get('wallet-key');
  if (key && /^0x[0-9a-f]{64}$/i.test(key)) installTestWallet({ privateKey: key as `0x${string}`, name: 'E2E Test Wallet', rdns: 'com.example.e2ewallet' });
  // A reload keeps the session: pick it up before the elements render.
  await kit.restoreSession();
  await import('./shared/define-elements.ts');
});
