import { html, nothing, type TemplateResult } from 'lit';
import type { LatchSignup, SignupResult } from './latch-signup.ts';
import { chainName } from './wallet-accounts.ts';

/** What `<latch-signup>`'s last step shows and calls. */
export interface SignupResultState {
  result: SignupResult;
  /** The element: its strings, and what its proof badge is given (`generate-app-proofs` and the trust settings). */
  host: Pick<LatchSignup, 't' | 'resolvedLocale' | 'resolvedKit' | 'generateAppProofs' | 'trustedRootSha256' | 'expectedPcrs'>;
  /** Whether the address at `index` was just copied. */
  copied: (index: number) => boolean;
  onCopy: (address: string, index: number) => void;
}

/** The account is ready: the new addresses, each with a copy button, and the proof badge when asked for. */
export function renderSignupResult(s: SignupResultState): TemplateResult {
  const result = s.result;
  const title = !result.created ? 'signup.existingAccount' : result.addresses.length > 0 ? 'signup.walletReady' : 'signup.accountReady';
  return html`
    <section part="result" class="result" aria-labelledby="result-title">
      <p part="result-title" class="result-title" id="result-title" tabindex="-1">${s.host.t(title)}</p>
      ${result.addresses.length > 0
        ? html`<ul part="addresses" class="addresses" aria-label=${s.host.t('signup.addresses')}>
            ${result.addresses.map((address, index) => renderAddress(s, address, index))}
          </ul>`
        : nothing}
      ${s.host.generateAppProofs && result.created && result.addresses.length > 0
        ? html`<div part="proofs" class="proofs" role="group" aria-label=${s.host.t('signup.proofs')}>
            <latch-proof-badge
              part="proof-badge"
              .kit=${s.host.resolvedKit}
              .proofs=${result.appProofs}
              .expectedAddresses=${result.addresses}
              organization-id=${result.organizationId}
              trusted-root-sha256=${s.host.trustedRootSha256 || nothing}
              .expectedPcrs=${s.host.expectedPcrs}
              locale=${s.host.resolvedLocale}
            ></latch-proof-badge>
          </div>`
        : nothing}
    </section>
  `;
}

function renderAddress(s: SignupResultState, address: string, index: number): TemplateResult {
  const result = s.result;
  const chain = chainName(result.accounts[index]?.addressFormat) ?? s.host.t('signup.address', { index: index + 1 });
  return html`<li part="address" class="address">
    <span part="chain" class="chain">${chain}</span>
    <span part="address-value" class="address-value">${address}</span>
    <button part="copy" class="copy" type="button" aria-label=${s.host.t('signup.copyAddress', { chain })} @click=${() => s.onCopy(address, index)}>
      ${s.host.t(s.copied(index) ? 'common.copied' : 'common.copy')}
    </button>
  </li>`;
}
