import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { AppProof } from '../../src/clients/activity-types.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import {
  AWS_NITRO_ROOT_SHA256,
  verifyAppProofs,
  type AppProofsVerification,
  type BootProofSource,
  type ProofCheckName,
  type VerifyAppProofsOptions,
} from '../../src/proofs/index.ts';
import { $session } from '../../src/state/session-state.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import { StoreController } from '../internal/store-controller.ts';
import './latch-proof-badge.messages.ts';
import { proofBadgeStyles } from './latch-proof-badge.styles.ts';
import { proofCheckOfError } from './proof-check-of-error.ts';
import { checkName, renderVerifiedProofs } from './render-verified-proofs.ts';

/** What the badge shows. */
export const ProofBadgeStates = ['unavailable', 'verifying', 'verified', 'failed'] as const;
export type ProofBadgeState = (typeof ProofBadgeStates)[number];

/** Why verification is not available: no proofs given, or nothing to fetch Boot Proofs with (nobody logged in). */
export type ProofBadgeUnavailableReason = 'no-proofs' | 'no-source';

const ICONS: Record<ProofBadgeState, string> = { unavailable: '–', verifying: '', verified: '✓', failed: '✕' };

/** The inputs one verification ran with: a change to any of them verifies again. */
interface Inputs {
  proofs: readonly AppProof[] | undefined;
  expectedAddresses: readonly string[] | undefined;
  organizationId: string | undefined;
  trustedRootSha256: string | undefined;
  /** JSON of the pinned PCRs (compared as text: the object may be rebuilt on every render). */
  expectedPcrs: string | undefined;
  source: BootProofSource | undefined;
}

const sameInputs = (a: Inputs | undefined, b: Inputs): boolean =>
  a !== undefined && (Object.keys(b) as (keyof Inputs)[]).every((key) => a[key] === b[key]);

/**
 * @summary Verifies App Proofs (the enclave's signed statements about what it did, e.g. which
 * addresses it derived) and shows the outcome as a badge that opens the details: each check with
 * its outcome, the enclave's label and the proof time.
 *
 * Verification runs in the page, whenever `proofs` (or another input) is set: the Boot Proof of
 * each enclave key is fetched through the logged-in session (`getBootProof` of the kit), the
 * attestation is checked up to the trusted root, and address-derivation proofs are compared with
 * `expectedAddresses`. The verifier's code loads on first use. By default only the AWS Nitro
 * Enclaves root is trusted (production); `trusted-root-sha256` trusts another root instead (the
 * emulator publishes its test root's at `/__keys`, `proofRootSha256`). Never set it in production.
 *
 * The badge dispatches no events (nothing here is a user's decision); read `state`, `result`,
 * `error` and `failedCheck`, or style `:host([state=…])`.
 *
 * @csspart base - The wrapper.
 * @csspart status - The badge itself: icon and label.
 * @csspart icon - The state's icon (hidden from assistive technology).
 * @csspart label - The state's text.
 * @csspart toggle - The button that shows and hides the details (`aria-expanded`).
 * @csspart details - The details region.
 * @csspart summary - The first line of the details.
 * @csspart trust - Which root certificate was trusted.
 * @csspart proofs - The list of verified proofs.
 * @csspart proof - One proof.
 * @csspart proof-title - What one proof is about (an address, a policy decision).
 * @csspart enclave - The enclave facts of one proof (enclave app, deployment label, proof time).
 * @csspart checks - The list of checks of one proof (and of the addresses).
 * @csspart check - One check: `data-check` holds its name, `data-outcome` its outcome.
 * @csspart check-name - A check's translated name.
 * @csspart check-outcome - A check's translated outcome (and why it was not performed).
 * @csspart failure - What failed: the failed check (once: the badge's label names it too), why, and what to do.
 * @csspart advice - After a failed check: what the person should do (not rely on the addresses, tell the site).
 * @csspart retry - Checks again after a failure that was not a proof's (the network, the session).
 * @csspart announcer - The visually hidden polite live region that announces the outcome.
 *
 * @cssproperty --badge-color - Text and border color of the badge. Default: by state (success, error, muted).
 * @cssproperty --badge-background - Background of the badge. Default: `--latch-color-surface-subtle`.
 */
export class LatchProofBadge extends LatchKitAwareElement {
  static override readonly tag = 'latch-proof-badge';
  static override styles = [LatchElement.styles, proofBadgeStyles];

  /** The App Proofs to verify (a sign-up's `appProofs`, an activity's). */
  @property({ attribute: false }) proofs: readonly AppProof[] | undefined;

  /** The addresses the page actually received: each address-derivation proof must name one, and each must have a proof. Unset: that check is not performed. */
  @property({ attribute: false }) expectedAddresses: readonly string[] | undefined;

  /** The organization to ask for Boot Proofs (the proofs' own). Default: the logged-in session's. */
  @property({ attribute: 'organization-id' }) organizationId: string | undefined;

  /**
   * SHA-256 (hex) of the root certificate to trust instead of AWS Nitro Enclaves' (tests, the
   * emulator). Unset: the AWS Nitro root, as in production.
   */
  @property({ attribute: 'trusted-root-sha256' }) trustedRootSha256: string | undefined;

  /**
   * PCR values (hex, by index 0..3) the enclave must attest; any difference fails the `pcrs`
   * check and the badge names it. As an attribute, JSON: `expected-pcrs='{"0":"…","3":"…"}'`.
   * Unset: the kit's `proofTrust.expectedPcrs`, else the check is not performed.
   */
  @property({ attribute: 'expected-pcrs', type: Object }) expectedPcrs: Partial<Record<0 | 1 | 2 | 3, string>> | undefined;

  /** Where Boot Proofs come from. Default: the kit (its logged-in session). */
  @property({ attribute: false }) client: BootProofSource | undefined;

  readonly #announcer = new AnnouncerController(this);
  // The session appearing (a login) can make verification possible.
  readonly #session = new StoreController(this, $session);
  #state: ProofBadgeState = 'unavailable';
  #reason: ProofBadgeUnavailableReason = 'no-proofs';
  #result: AppProofsVerification | null = null;
  #error: LatchError | null = null;
  #inputs: Inputs | undefined;
  #run = 0;
  #open = false;

  /** What the badge shows now (also the `state` attribute of the host). */
  get state(): ProofBadgeState {
    return this.#state;
  }

  /** Why verification is not available, when `state` is `unavailable`. */
  get unavailableReason(): ProofBadgeUnavailableReason | null {
    return this.#state === 'unavailable' ? this.#reason : null;
  }

  /** Every check of every proof, when `state` is `verified`. */
  get result(): AppProofsVerification | null {
    return this.#result;
  }

  /** Why verification failed, when `state` is `failed`. */
  get error(): LatchError | null {
    return this.#error;
  }

  /** The check that failed, when the failure is a proof's (null for a network or session failure). */
  get failedCheck(): ProofCheckName | null {
    return this.#state === 'failed' ? proofCheckOfError(this.#error) : null;
  }

  /** Whether the details are shown. */
  get open(): boolean {
    return this.#open;
  }

  /** Verifies again with the same inputs (e.g. after a network failure). */
  verify(): void {
    this.#inputs = undefined;
    this.requestUpdate();
  }

  #currentInputs(): Inputs {
    const kit = this.resolvedKit;
    const summary = kit ? kit.session?.summary : this.#session.value;
    const trust = kit?.options.proofTrust;
    const pcrs = this.expectedPcrs ?? trust?.expectedPcrs;
    return {
      proofs: this.proofs,
      expectedAddresses: this.expectedAddresses,
      organizationId: this.organizationId || summary?.organizationId || undefined,
      trustedRootSha256: this.trustedRootSha256?.trim() || trust?.trustedRootSha256 || undefined,
      expectedPcrs: pcrs && Object.keys(pcrs).length > 0 ? JSON.stringify(pcrs) : undefined,
      source: this.client ?? (kit?.session ? kit : undefined),
    };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Started here, before the render, so "verifying" is what the first paint shows.
    const inputs = this.#currentInputs();
    if (!sameInputs(this.#inputs, inputs)) {
      this.#inputs = inputs;
      this.#start(inputs);
    }
    if (this.getAttribute('state') !== this.#state) this.setAttribute('state', this.#state);
  }

  #start(inputs: Inputs): void {
    const run = ++this.#run;
    this.#result = null;
    this.#error = null;
    const { proofs, source, organizationId } = inputs;
    if (!Array.isArray(proofs) || proofs.length === 0) return this.#unavailable('no-proofs');
    if (!source || !organizationId) return this.#unavailable('no-source');
    this.#state = 'verifying';
    const options: VerifyAppProofsOptions = {
      client: source,
      organizationId,
      ...(inputs.expectedAddresses ? { expectedAddresses: inputs.expectedAddresses } : {}),
      ...(inputs.trustedRootSha256 ? { trustedRootSha256: inputs.trustedRootSha256 } : {}),
      ...(inputs.expectedPcrs ? { expectedPcrs: JSON.parse(inputs.expectedPcrs) as VerifyAppProofsOptions['expectedPcrs'] } : {}),
    };
    verifyAppProofs(proofs, options).then(
      (result) => {
        if (run !== this.#run) return;
        this.#result = result;
        this.#settle('verified');
      },
      (error: unknown) => {
        if (run !== this.#run) return;
        const code = (error as { code?: unknown } | null)?.code;
        // The session ended between the check above and the fetch: nothing to fetch with.
        if (code === 'ERR_SESSION_MISSING') {
          this.#unavailable('no-source');
          this.requestUpdate();
          return;
        }
        this.#error = error instanceof LatchError ? error : new LatchError('ERR_PROOF_PAYLOAD', 'The App Proofs could not be verified.', { cause: error });
        this.#settle('failed');
      },
    );
  }

  #unavailable(reason: ProofBadgeUnavailableReason): void {
    this.#state = 'unavailable';
    this.#reason = reason;
  }

  #settle(state: ProofBadgeState): void {
    this.#state = state;
    this.#announcer.announce(this.#label());
    this.requestUpdate();
  }

  #label(): string {
    switch (this.#state) {
      case 'verifying':
        return this.t('proof.verifying');
      case 'verified':
        return this.t('proof.verified');
      case 'failed': {
        const check = this.failedCheck;
        return check ? this.t('proof.failed', { check: checkName(this, check) }) : this.t('proof.failedOther');
      }
      default:
        return this.t('proof.unavailable');
    }
  }

  protected override render(): TemplateResult {
    const state = this.#state;
    return html`
      <div part="base" class="base">
        <div part="status" class="status" data-state=${state}>
          <span part="icon" class="icon" aria-hidden="true">${ICONS[state]}</span>
          <span part="label" class="label" id="label">${this.#label()}</span>
        </div>
        <button
          part="toggle"
          class="toggle"
          type="button"
          aria-expanded=${this.#open ? 'true' : 'false'}
          aria-controls="details"
          @click=${this.#toggle}
        >
          ${this.t('proof.details')}
        </button>
        <div part="details" class="details" id="details" role="region" aria-labelledby="label" ?hidden=${!this.#open} @keydown=${this.#onDetailsKeydown}>
          ${this.#open ? this.#renderDetails() : nothing}
        </div>
        ${this.#announcer.render()}
      </div>
    `;
  }

  #renderDetails(): TemplateResult {
    switch (this.#state) {
      case 'verifying':
        return html`<p part="summary" class="summary">${this.t('proof.checking')}</p>${this.#renderTrust()}`;
      case 'verified':
        return renderVerifiedProofs({ result: this.#result!, trust: this.#renderTrust(), host: this });
      case 'failed':
        return this.#renderFailed();
      default:
        return html`<p part="summary" class="summary">${this.t(this.#reason === 'no-proofs' ? 'proof.noProofs' : 'proof.noSource')}</p>`;
    }
  }

  #renderTrust(): TemplateResult {
    const root = this.#inputs?.trustedRootSha256;
    const aws = !root || root.toUpperCase() === AWS_NITRO_ROOT_SHA256;
    return html`<p part="trust" class="trust" data-root=${aws ? 'aws' : 'custom'}>${this.t(aws ? 'proof.trustAws' : 'proof.trustCustom')}</p>`;
  }

  #renderFailed(): TemplateResult {
    const check = this.failedCheck;
    return html`
      <div part="failure" class="failure">
        ${check
          ? html`<ul part="checks" class="checks">
                <li part="check" class="check" data-check=${check} data-outcome="failed">
                  <span part="check-name" class="check-name">${checkName(this, check)}</span>
                  <span part="check-outcome" class="check-outcome">${this.t('proof.outcome.failed')}</span>
                </li>
              </ul>`
          : nothing}
        <p>${this.errorText(this.#error)}</p>
        ${check ? html`<p part="advice">${this.t('proof.failedAdvice')}</p>` : nothing}
      </div>
      ${this.#renderTrust()}
      ${check ? nothing : html`<button part="retry" class="retry" type="button" @click=${this.#retry}>${this.t('common.retry')}</button>`}
    `;
  }

  #toggle(): void {
    this.#open = !this.#open;
    this.requestUpdate();
  }

  // Escape inside the open details closes them and puts focus back on the button.
  #onDetailsKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || !this.#open) return;
    event.stopPropagation();
    this.#open = false;
    this.requestUpdate();
    this.renderRoot.querySelector<HTMLButtonElement>('[part="toggle"]')?.focus();
  }

  #retry(): void {
    this.verify();
    // The retry button disappears with the failure: keep focus on the details' button.
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('[part="toggle"]')?.focus());
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-proof-badge': LatchProofBadge;
  }
}
