// <latch-signup> (a new account with an Ethereum and a Solana address, App Proofs verified in the
// page against the emulator's test root) and <latch-tx-status> following a transaction the
// page's own code sends with the kit's session: what an application does after a sign-up.
import './shared/violations.ts';
import { activityResult } from 'latchkey/signing';
import { logLatchEvents } from './shared/event-log.ts';
import { start } from './shared/boot.ts';

logLatchEvents(document);

start(async ({ config, kit }) => {
  // The emulator's enclave is certified by its own test root, not AWS Nitro's.
  const keys = (await (await fetch(`${config.apiUrl}/__keys`)).json()) as { proofRootSha256: string };
  document.getElementById('signup')!.setAttribute('trusted-root-sha256', keys.proofRootSha256);
  await kit.restoreSession();
  await import('./shared/define-elements.ts');

  const form = document.getElementById('send-form') as HTMLFormElement;
  const to = document.getElementById('send-to') as HTMLInputElement;
  const tx = document.getElementById('tx')!;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const session = kit.session;
    if (!session) return;
    void session
      .listWalletAccounts()
      .then((accounts) => {
        const from = accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')!.address;
        return session.submit('eth_send_transaction', { from, to: to.value, caip2: 'eip155:8453', value: '1' });
      })
      .then((activity) => tx.setAttribute('status-id', activityResult(activity).sendTransactionStatusId))
      .catch((error: unknown) => console.error('send failed', error));
  });
});
