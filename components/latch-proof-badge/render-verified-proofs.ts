import { html, nothing, type TemplateResult } from 'lit';
import type { AppProofsVerification, AppProofVerification, ProofCheck, ProofCheckName } from '../../src/proofs/index.ts';
import type { LatchElement } from '../internal/latch-element.ts';
import type { MessageKey } from '../i18n/messages.ts';

/** The badge: its strings and locale. */
type ProofDetailsHost = Pick<LatchElement, 't' | 'resolvedLocale'>;

/** What the details of a verified badge show. */
export interface VerifiedProofsState {
  result: AppProofsVerification;
  /** Which root was trusted (rendered by the badge: its failure details show it too). */
  trust: TemplateResult;
  host: ProofDetailsHost;
}

/** A check's name in words. */
export function checkName(host: ProofDetailsHost, name: ProofCheckName): string {
  return host.t(`proof.check.${name}` as MessageKey);
}

/** Every proof verified: the count, the trusted root, each proof with its checks, and the check of all the addresses. */
export function renderVerifiedProofs(s: VerifiedProofsState): TemplateResult {
  const result = s.result;
  return html`
    <p part="summary" class="summary">${s.host.t('proof.count', { count: result.proofs.length })}</p>
    ${s.trust}
    <ul part="proofs" class="proofs">
      ${result.proofs.map((proof, index) => renderProof(s.host, proof, index))}
    </ul>
    <ul part="checks" class="checks" aria-label=${s.host.t('proof.allAddresses')}>
      ${renderCheck(s.host, result.addresses)}
    </ul>
  `;
}

function renderProof(host: ProofDetailsHost, proof: AppProofVerification, index: number): TemplateResult {
  const address = proof.payload.addressDerivationProof?.address;
  const title = address
    ? host.t('proof.addressProof', { address })
    : proof.payload.policyOutcomeProof
      ? host.t('proof.policyProof')
      : host.t('proof.otherProof', { index: index + 1 });
  const titleId = `proof-${index}`;
  const time = new Date(proof.proofTime);
  const when = Number.isFinite(time.getTime())
    ? new Intl.DateTimeFormat(host.resolvedLocale, { dateStyle: 'medium', timeStyle: 'medium' }).format(time)
    : String(proof.proofTime);
  return html`
    <li part="proof" class="proof">
      <p part="proof-title" class="proof-title" id=${titleId}>${title}</p>
      <dl part="enclave" class="enclave">
        <div><dt>${host.t('proof.enclaveApp')}</dt><dd>${proof.enclave.enclaveApp}</dd></div>
        <div><dt>${host.t('proof.deploymentLabel')}</dt><dd>${proof.enclave.deploymentLabel}</dd></div>
        <div><dt>${host.t('proof.proofTime')}</dt><dd><time datetime=${Number.isFinite(time.getTime()) ? time.toISOString() : nothing}>${when}</time></dd></div>
      </dl>
      <ul part="checks" class="checks" aria-labelledby=${titleId}>
        ${proof.checks.map((check) => renderCheck(host, check))}
      </ul>
    </li>
  `;
}

function renderCheck(host: ProofDetailsHost, check: ProofCheck): TemplateResult {
  const outcome =
    check.outcome === 'passed'
      ? host.t('proof.passed')
      : host.t('proof.notPerformed', { reason: skipReason(host, check.name) });
  return html`<li part="check" class="check" data-check=${check.name} data-outcome=${check.outcome}>
    <span part="check-name" class="check-name">${checkName(host, check.name)}</span>
    <span part="check-outcome" class="check-outcome">${outcome}</span>
  </li>`;
}

function skipReason(host: ProofDetailsHost, name: ProofCheckName): string {
  const known: readonly ProofCheckName[] = ['manifest-pcrs', 'pcrs', 'manifest-namespace', 'deployment-label', 'manifest-approvals', 'addresses'];
  return host.t(known.includes(name) ? (`proof.skip.${name}` as MessageKey) : 'proof.skip.other');
}
