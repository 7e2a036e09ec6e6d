// <latch-proof-badge> in Chromium against the emulator: real App Proofs from a sign-up with a
// wallet, verified through the kit's session; trusted when the emulator's root is, refused with
// the production (AWS Nitro) trust settings.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { after, afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchProofBadge } from '../../../components/latch-proof-badge/latch-proof-badge.ts';
import { proofCheckOfError } from '../../../components/latch-proof-badge/proof-check-of-error.ts';
import type { AppProof, BootProof } from '../../../src/clients/activity-types.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { ProofCheckNames, type BootProofSource } from '../../../src/proofs/index.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { resetConfig, testConfig } from '../support/helpers.ts';
import { part, text } from '../support/shadow.ts';
import { ETH_ACCOUNT, SOL_ACCOUNT, disposeKits, emulatorKeys, signUpWithKit, testKit } from '../support/emulator-kit.ts';

LatchProofBadge.define();

let kit: LatchKit;
let proofs: AppProof[];
let addresses: string[];
let organizationId: string;
let root: string;


async function settled(el: LatchProofBadge): Promise<LatchProofBadge> {
  await waitUntil(() => el.state !== 'verifying', 'the badge settles', { timeout: 15000 });
  await el.updateComplete;
  return el;
}

async function badge(template: Parameters<typeof fixture>[0]): Promise<LatchProofBadge> {
  return settled(await fixture<LatchProofBadge>(template));
}

async function openDetails(el: LatchProofBadge): Promise<HTMLElement> {
  if (!el.open) part(el, 'toggle').click();
  await el.updateComplete;
  return part(el, 'details');
}

describe('<latch-proof-badge>', () => {
  before(async () => {
    root = (await emulatorKeys()).proofRootSha256;
    kit = await testKit();
    const outcome = await signUpWithKit(kit, { wallet: { walletName: 'Badge', accounts: [ETH_ACCOUNT, SOL_ACCOUNT] } });
    proofs = (outcome.signup?.appProofs ?? []) as AppProof[];
    addresses = outcome.signup?.wallet?.addresses ?? [];
    organizationId = outcome.session.summary!.organizationId;
    expect(proofs.length, 'the sign-up answered with App Proofs').to.be.greaterThan(0);
    expect(addresses).to.have.length(2);
  });

  after(async () => {
    await kit.logout();
    disposeKits();
    setSession(null);
    endFlow();
  });

  afterEach(() => resetConfig());

  describe('accessibility', () => {
    it('passes axe with nothing to verify', async () => {
      const el = await badge(html`<latch-proof-badge></latch-proof-badge>`);
      await expect(el).to.be.accessible();
    });

    it('passes axe verified, with the details open', async () => {
      const el = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} .expectedAddresses=${addresses} trusted-root-sha256=${root}></latch-proof-badge>`);
      await openDetails(el);
      await expect(el).to.be.accessible();
    });

    it('passes axe verified in dark mode, with the details open', async () => {
      const el = await badge(html`<latch-proof-badge .config=${testConfig({ theme: { darkMode: true } })} .kit=${kit} .proofs=${proofs} .expectedAddresses=${addresses} trusted-root-sha256=${root}></latch-proof-badge>`);
      await openDetails(el);
      await expect(el).to.be.accessible();
    });

    it('passes axe failed, in Arabic, with the details open', async () => {
      const el = await badge(html`<latch-proof-badge locale="ar" .kit=${kit} .proofs=${proofs}></latch-proof-badge>`);
      await openDetails(el);
      await expect(el).to.be.accessible();
    });
  });

  describe('defaults', () => {
    it('without proofs: not available, a closed disclosure, and no fetch', async () => {
      let fetched = 0;
      const client: BootProofSource = { getBootProof: () => (fetched++, Promise.reject(new Error('unused'))) };
      const el = await badge(html`<latch-proof-badge .client=${client} organization-id="org"></latch-proof-badge>`);
      expect(el.state).to.equal('unavailable');
      expect(el.unavailableReason).to.equal('no-proofs');
      expect(el.getAttribute('state')).to.equal('unavailable');
      expect(text(part(el, 'label'))).to.equal('Verification not available');
      const toggle = part(el, 'toggle');
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(toggle.getAttribute('aria-controls')).to.equal('details');
      expect(part(el, 'details').hidden).to.equal(true);
      expect(part(el, 'icon').getAttribute('aria-hidden')).to.equal('true');
      expect(fetched).to.equal(0);
      const details = await openDetails(el);
      expect(text(details)).to.equal('There are no App Proofs to check.');
    });

    it('with the production trust settings (AWS Nitro root) the emulator proofs are refused: the root check is named', async () => {
      const el = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} .expectedAddresses=${addresses}></latch-proof-badge>`);
      expect(el.state).to.equal('failed');
      expect(el.error?.code).to.equal('ERR_PROOF_ROOT');
      expect(el.failedCheck).to.equal('root-certificate');
      expect(el.getAttribute('state')).to.equal('failed');
      expect(text(part(el, 'label'))).to.equal('Not verified: Root certificate');
      const details = await openDetails(el);
      expect(text(part(el, 'failure'))).to.contain('The attestation does not lead to the trusted root certificate.');
      // The failed check is named once in the details (its row), and the person is told what to do.
      expect(text(part(el, 'failure')).split('Root certificate').length - 1).to.equal(1);
      expect(text(part(el, 'advice'))).to.equal('Do not rely on these addresses until the site fixes this: tell its support.');
      expect(details.querySelector('[data-check="root-certificate"]')?.getAttribute('data-outcome')).to.equal('failed');
      expect(part(el, 'trust').getAttribute('data-root')).to.equal('aws');
      expect(text(part(el, 'trust'))).to.equal('Trusted root: AWS Nitro Enclaves.');
      expect(el.shadowRoot?.querySelector('[part~="retry"]'), 'a proof failure is final: no retry').to.equal(null);
    });

    it('has a part on every meaningful node', async () => {
      const el = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} .expectedAddresses=${addresses} trusted-root-sha256=${root}></latch-proof-badge>`);
      await openDetails(el);
      for (const name of ['base', 'status', 'icon', 'label', 'toggle', 'details', 'summary', 'trust', 'proofs', 'proof', 'proof-title', 'enclave', 'checks', 'check', 'check-name', 'check-outcome', 'announcer']) {
        expect(el.shadowRoot?.querySelector(`[part~="${name}"]`), name).to.be.instanceOf(HTMLElement);
      }
    });
  });

  describe('verification against the emulator', () => {
    it('trusting the emulator root: verified, every check listed, the enclave label and the proof time shown', async () => {
      const el = await fixture<LatchProofBadge>(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} .expectedAddresses=${addresses} trusted-root-sha256=${root}></latch-proof-badge>`);
      expect(el.state, 'the first paint says it is verifying').to.equal('verifying');
      expect(text(part(el, 'label'))).to.equal('Verifying App Proofs…');
      await settled(el);
      expect(el.state).to.equal('verified');
      expect(el.error).to.equal(null);
      expect(text(part(el, 'label'))).to.equal('Verified by App Proofs');
      expect(text(part(el, 'announcer'))).to.equal('Verified by App Proofs');
      expect(el.result?.proofs).to.have.length(proofs.length);
      expect(el.result?.addresses.outcome).to.equal('passed');

      const details = await openDetails(el);
      expect(part(el, 'toggle').getAttribute('aria-expanded')).to.equal('true');
      expect(details.hidden).to.equal(false);
      expect(details.getAttribute('role')).to.equal('region');
      expect(text(part(el, 'summary'))).to.equal(`${proofs.length} proofs checked.`);
      expect(part(el, 'trust').getAttribute('data-root')).to.equal('custom');
      const shown = Array.from(details.querySelectorAll('[part~="proof"]'));
      expect(shown).to.have.length(proofs.length);
      for (const address of addresses) expect(text(details)).to.contain(`Address ${address}`);
      const first = shown[0]!;
      const boot = await kit.getBootProof(organizationId, proofs[0]!.publicKey);
      expect(text(first.querySelector('[part~="enclave"]'))).to.contain(boot.enclaveApp).and.to.contain(boot.deploymentLabel);
      const time = first.querySelector('time');
      expect(time?.getAttribute('datetime')).to.equal(new Date(el.result!.proofs[0]!.proofTime).toISOString());
      // Every check of the verifier but the wallet-wide one, each with its outcome.
      const checks = Array.from(first.querySelectorAll('[part~="check"]')).map((li) => li.getAttribute('data-check'));
      expect(checks).to.deep.equal(ProofCheckNames.filter((name) => name !== 'addresses'));
      const outcome = (name: string) => text(first.querySelector(`[data-check="${name}"] [part~="check-outcome"]`));
      expect(outcome('root-certificate')).to.equal('Passed');
      expect(outcome('certificate-chain')).to.equal('Passed');
      expect(outcome('pcrs')).to.equal('Not performed: no expected measurement values were set');
      expect(outcome('manifest-approvals')).to.equal('Not performed: quorum approvals of the manifest are not checked');
      expect(text(details.querySelector('[data-check="addresses"]'))).to.equal('Wallet addresses Passed');
    });

    it('addresses the page did not receive fail the addresses check', async () => {
      const el = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} .expectedAddresses=${[addresses[0]!]} trusted-root-sha256=${root}></latch-proof-badge>`);
      expect(el.state).to.equal('failed');
      expect(el.failedCheck).to.equal('addresses');
      expect(text(part(el, 'label'))).to.equal('Not verified: Wallet addresses');
    });

    it('without expected addresses the addresses check is reported as not performed', async () => {
      const el = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} trusted-root-sha256=${root}></latch-proof-badge>`);
      expect(el.state).to.equal('verified');
      const details = await openDetails(el);
      expect(text(details.querySelector('[data-check="addresses"] [part~="check-outcome"]'))).to.equal('Not performed: no received addresses were given to compare');
    });

    it('PCR pins: the attested values pass the pcrs check; one differing value fails it, named', async () => {
      const first = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} trusted-root-sha256=${root}></latch-proof-badge>`);
      const attested = first.result!.proofs[0]!.enclave.pcrs;
      expect(first.result!.proofs[0]!.checks.find((c) => c.name === 'pcrs')?.outcome).to.equal('not-performed');
      const pins = { 0: attested[0]!, 3: attested[3]! };
      const pinned = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} trusted-root-sha256=${root} .expectedPcrs=${pins}></latch-proof-badge>`);
      expect(pinned.state).to.equal('verified');
      expect(pinned.result!.proofs.every((proof) => proof.checks.find((c) => c.name === 'pcrs')?.outcome === 'passed')).to.equal(true);
      const details = await openDetails(pinned);
      expect(text(details.querySelector('[data-check="pcrs"] [part~="check-outcome"]'))).to.equal('Passed');
      // As an attribute (JSON), with one value off by a digit.
      const wrong = JSON.stringify({ 3: (attested[3]![0] === 'a' ? 'b' : 'a') + attested[3]!.slice(1) });
      const failed = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} trusted-root-sha256=${root} expected-pcrs=${wrong}></latch-proof-badge>`);
      expect(failed.state).to.equal('failed');
      expect(failed.error?.code).to.equal('ERR_PROOF_PCR_PIN');
      expect(failed.failedCheck).to.equal('pcrs');
      expect(text(part(failed, 'label'))).to.equal('Not verified: Expected measurements (PCRs)');
    });

    it("PCR pins and the trusted root from the kit's proofTrust, unless the element sets its own", async () => {
      const first = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} trusted-root-sha256=${root}></latch-proof-badge>`);
      const attested = first.result!.proofs[0]!.enclave.pcrs;
      const pinning = await testKit({ proofTrust: { trustedRootSha256: root, expectedPcrs: { 2: '00'.repeat(48) } } });
      const byKit = await badge(html`<latch-proof-badge .kit=${pinning} .client=${kit} organization-id=${organizationId} .proofs=${proofs}></latch-proof-badge>`);
      expect(byKit.failedCheck).to.equal('pcrs');
      const byElement = await badge(
        html`<latch-proof-badge .kit=${pinning} .client=${kit} organization-id=${organizationId} .proofs=${proofs} .expectedPcrs=${{ 2: attested[2]! }}></latch-proof-badge>`,
      );
      expect(byElement.state).to.equal('verified');
    });

    it('a tampered proof fails the signature check', async () => {
      const tampered = proofs.map((proof, i) => (i === 0 ? { ...proof, proofPayload: proof.proofPayload.replace('"timestampMs":"', '"timestampMs":"1') } : proof));
      const el = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${tampered} trusted-root-sha256=${root}></latch-proof-badge>`);
      expect(el.state).to.equal('failed');
      expect(el.failedCheck).to.equal('app-proof-signature');
    });

    it('changing the inputs verifies again', async () => {
      const el = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} .expectedAddresses=${addresses}></latch-proof-badge>`);
      expect(el.state).to.equal('failed');
      el.trustedRootSha256 = root;
      await el.updateComplete;
      expect(el.state).to.equal('verifying');
      expect(el.error).to.equal(null);
      await settled(el);
      expect(el.state).to.equal('verified');
      el.proofs = [];
      await el.updateComplete;
      expect(el.state).to.equal('unavailable');
      expect(el.result).to.equal(null);
    });

    it('only the latest run counts: a slower earlier answer is ignored', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow: BootProofSource = {
        async getBootProof(org: string, key: string): Promise<BootProof> {
          await gate;
          // Had this run counted, the wrong enclave key would fail it.
          return { ...(await kit.getBootProof(org, key)), ephemeralPublicKeyHex: '04' + '11'.repeat(129) };
        },
      };
      const el = await fixture<LatchProofBadge>(html`<latch-proof-badge .client=${slow} organization-id=${organizationId} .proofs=${proofs} trusted-root-sha256=${root}></latch-proof-badge>`);
      expect(el.state).to.equal('verifying');
      el.client = kit;
      await settled(el);
      expect(el.state).to.equal('verified');
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await el.updateComplete;
      expect(el.state).to.equal('verified');
    });
  });

  describe('sources and errors', () => {
    it('without a session there is nothing to fetch Boot Proofs with; a login makes it verify', async () => {
      const other = await testKit();
      const el = await badge(html`<latch-proof-badge .kit=${other} .proofs=${proofs} .expectedAddresses=${addresses} trusted-root-sha256=${root}></latch-proof-badge>`);
      expect(el.state).to.equal('unavailable');
      expect(el.unavailableReason).to.equal('no-source');
      const details = await openDetails(el);
      expect(text(details)).to.equal('Log in to check the App Proofs.');
      // The Boot Proof belongs to the enclave, not to a user: any logged-in session may fetch it.
      await signUpWithKit(other);
      await waitUntil(() => el.state !== 'unavailable', 'the login starts a verification');
      await settled(el);
      expect(el.state).to.equal('verified');
      await other.logout();
    });

    it('a network failure is not a proof failure: it says so and offers to check again', async () => {
      let calls = 0;
      const flaky: BootProofSource = {
        getBootProof(org: string, key: string): Promise<BootProof> {
          calls += 1;
          return calls === 1 ? Promise.reject(new LatchError('ERR_NETWORK_FAILED', 'Offline.')) : kit.getBootProof(org, key);
        },
      };
      const el = await badge(html`<latch-proof-badge .client=${flaky} organization-id=${organizationId} .proofs=${proofs} trusted-root-sha256=${root}></latch-proof-badge>`);
      expect(el.state).to.equal('failed');
      expect(el.failedCheck).to.equal(null);
      expect(text(part(el, 'label'))).to.equal('App Proofs could not be checked');
      await openDetails(el);
      expect(text(part(el, 'failure'))).to.equal('Cannot reach the server. Check your connection and try again.');
      const retry = part(el, 'retry');
      expect(text(retry)).to.equal('Try again');
      retry.click();
      await el.updateComplete;
      expect(el.state).to.equal('verifying');
      await settled(el);
      expect(el.state).to.equal('verified');
      expect(el.shadowRoot?.activeElement).to.equal(part(el, 'toggle'));
    });

    it('names the check of every ERR_PROOF_* code', () => {
      expect(proofCheckOfError(new LatchError('ERR_PROOF_CERT_EXPIRED', 'x'))).to.equal('certificate-chain');
      expect(proofCheckOfError(new LatchError('ERR_PROOF_KEY_MISMATCH', 'x'))).to.equal('ephemeral-key');
      expect(proofCheckOfError(new LatchError('ERR_PROOF_MANIFEST', 'x'))).to.equal('manifest-digest');
      expect(proofCheckOfError({ code: 'ERR_PROOF_PCR' })).to.equal('manifest-pcrs');
      expect(proofCheckOfError({ code: 'ERR_PROOF_PCR_PIN' })).to.equal('pcrs');
      expect(proofCheckOfError(new LatchError('ERR_NETWORK_FAILED', 'x'))).to.equal(null);
      expect(proofCheckOfError('nonsense')).to.equal(null);
    });
  });

  describe('keyboard', () => {
    it('Enter opens the details, Escape inside them closes them and returns focus to the button', async () => {
      const el = await badge(html`<latch-proof-badge .kit=${kit} .proofs=${proofs} .expectedAddresses=${addresses} trusted-root-sha256=${root}></latch-proof-badge>`);
      const toggle = part(el, 'toggle');
      toggle.focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(el.open).to.equal(true);
      expect(part(el, 'details').hidden).to.equal(false);
      // Focus something inside the details (a link-less region: make its first proof title focusable for the test).
      const inside = part(el, 'proof-title');
      inside.tabIndex = -1;
      inside.focus();
      await sendKeys({ press: 'Escape' });
      await el.updateComplete;
      expect(el.open).to.equal(false);
      expect(el.shadowRoot?.activeElement).to.equal(toggle);
      await sendKeys({ press: ' ' });
      await el.updateComplete;
      expect(el.open).to.equal(true);
    });
  });

  describe('locale and direction', () => {
    it('speaks Spanish and Arabic (right to left), check names and outcomes included', async () => {
      const es = await badge(html`<latch-proof-badge locale="es" .kit=${kit} .proofs=${proofs} .expectedAddresses=${addresses}></latch-proof-badge>`);
      expect(text(part(es, 'label'))).to.equal('No verificado: Certificado raíz');
      expect(es.getAttribute('dir')).to.equal('ltr');

      const ar = await badge(html`<latch-proof-badge locale="ar" .kit=${kit} .proofs=${proofs} .expectedAddresses=${addresses} trusted-root-sha256=${root}></latch-proof-badge>`);
      expect(ar.getAttribute('dir')).to.equal('rtl');
      expect(ar.getAttribute('lang')).to.equal('ar');
      expect(text(part(ar, 'label'))).to.equal('تم التحقق بإثباتات التطبيق');
      expect(text(part(ar, 'toggle'))).to.equal('تفاصيل التحقق');
      await openDetails(ar);
      expect(text(ar.shadowRoot?.querySelector('[data-check="root-certificate"] [part~="check-outcome"]'))).to.equal('ناجح');
      expect(text(ar.shadowRoot?.querySelector('[data-check="root-certificate"] [part~="check-name"]'))).to.equal('الشهادة الجذرية');
      // The row mirrors: the badge comes first, on the right.
      expect(part(ar, 'status').getBoundingClientRect().left).to.be.greaterThan(part(ar, 'toggle').getBoundingClientRect().left);
      expect(part(es, 'status').getBoundingClientRect().left).to.be.lessThan(part(es, 'toggle').getBoundingClientRect().left);
    });
  });
});
