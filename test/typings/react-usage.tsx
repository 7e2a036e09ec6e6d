// Type-checked in `npm test` against the generated `latchkey/react` typings
// (dist/frameworks/react.d.ts): every element with its attributes and typed event handlers,
// and, marked @ts-expect-error, what must not type-check.
import type { LatchKit } from 'latchkey';

export function Page({ kit }: { kit: LatchKit }) {
  return (
    <main>
      <latch-auth
        proxy-url="https://authproxy.example"
        config-id="cfg"
        modal
        methods="email,passkey"
        class="login"
        onlatch-login={(event) => console.log(event.detail.session.userId, event.detail.created)}
        onlatch-error={(event) => console.log(event.detail.error.code)}
        onlatch-cancel={() => undefined}
      />
      <latch-otp-input length={6} alphanumeric onlatch-otp-complete={(event) => console.log(event.detail.code)} />
      <latch-oauth-button provider="google" kit={kit} onlatch-login={(event) => console.log(event.detail.session)} />
      <latch-passkey-button locale="es" />
      <latch-signup accent="#0a7" />
      <latch-session onlatch-logout={() => undefined} onlatch-session-expiring={(event) => console.log(event.detail)} />
      <latch-wallet wallet-id="w" page-size={10} no-export onlatch-sign={(event) => console.log(event.detail)} />
      <latch-wallet-accounts wallet-id="w" page-size={5} onlatch-copy={(event) => console.log(event.detail.address)} />
      <latch-wallet-sign wallet-id="w" onlatch-sign={(event) => console.log(event.detail.typedData?.primaryType)} />
      <latch-wallet-send chain-id={11155111} onlatch-send={(event) => console.log(event.detail.sendTransactionStatusId)} />
      <latch-wallet-create onlatch-create-wallet={(event) => console.log(event.detail.walletName)} />
      <latch-wallet send create-wallet chain-id={8453} />
      <latch-wallet-export wallet-id="w" onlatch-export={(event) => console.log(event.detail.walletId)} />
      <latch-wallet-import onlatch-import={(event) => console.log(event.detail.privateKeyId)} />
      <latch-wallet-add-account generate-app-proofs onlatch-add-account={(event) => console.log(event.detail.addresses)} />
      <latch-onramp sandbox poll-interval={500} onlatch-onramp-status={(event) => console.log(event.detail)} />
      <latch-tx-status onlatch-tx-status={(event) => console.log(event.detail)} />
      <latch-proof-badge />
      {/* @ts-expect-error `modal` is a boolean attribute */}
      <latch-auth modal="yes" />
      {/* @ts-expect-error an element's own property has its own type */}
      <latch-oauth-button kit="not a kit" />
      <latch-auth
        onlatch-login={(event) => {
          // @ts-expect-error a login event's detail has no such field
          console.log(event.detail.password);
        }}
      />
    </main>
  );
}
