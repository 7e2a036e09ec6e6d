// <latch-approvals> against the emulator: a root user's organization with a two-approval policy
// for policy changes; bob (a second user, stamping with his own API key) asks for one, which
// waits; the element lists it for the root user, who approves (the page gets the completed
// activity with its result) or rejects it. Focus, announcements, signed out, es / ar, axe.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { before, describe, it } from '../../support/harness.ts';
import { LatchApprovals, activityTypeLabel } from '../../../components/latch-approvals/latch-approvals.ts';
import type { LatchApprovalEvent } from '../../../components/latch-approvals/approval-events.ts';
import { ActivityClient, activityResult } from '../../../src/clients/activity-client.ts';
import type { Activity } from '../../../src/clients/activity-types.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { announced, emulatorUrls, logIn, part, parts, text, type LoggedIn } from '../support/kit-login.ts';

LatchApprovals.define();

describe('<latch-approvals>', () => {
  let root: LoggedIn;
  let organizationId: string;
  let bob: ActivityClient;

  /** Bob asks for a policy that matches nothing; it waits for a second approval. */
  async function bobAsks(policyName: string): Promise<Activity> {
    const parameters = { policies: [{ policyName, effect: 'EFFECT_ALLOW' as const, condition: "activity.resource == 'NONE'", notes: '' }] };
    const activity = await bob.submitRaw('create_policies', { organizationId, parameters });
    expect(activity.status).to.equal('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    return activity;
  }

  const listed = (el: LatchApprovals) => parts(el, 'item');
  /** A part inside one listed request (a node of the element's shadow root, not a host). */
  const within = <T extends HTMLElement = HTMLElement>(item: HTMLElement, name: string): T => {
    const found = item.querySelector<T>(`[part~="${name}"]`);
    if (!found) throw new Error(`no part ${name} in the request`);
    return found;
  };
  const shown = (el: LatchApprovals, count: number) => waitUntil(() => el.activities?.length === count && listed(el).length === count, `${count} requests shown`, { timeout: 10_000 });
  const place = (attrs = html``) => fixture<LatchApprovals>(html`<latch-approvals .kit=${root.kit}>${attrs}</latch-approvals>`);

  before(async () => {
    root = await logIn();
    organizationId = root.session.summary!.organizationId;
    const key = await new MemoryKeyStore().create();
    const created = await root.session.submit('create_users', {
      users: [{ userName: 'bob', userTags: [], apiKeys: [{ apiKeyName: 'bob', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
    });
    expect(activityResult(created).userIds).to.have.length(1);
    await root.session.submit('create_policies', {
      policies: [{ policyName: 'two for policies', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: 'approvers.count() >= 2', notes: '' }],
    });
    bob = new ActivityClient({ apiBaseUrl: emulatorUrls().apiUrl, stamper: new ApiKeyStamper(key), pollIntervalMs: 20 });
  });

  it('names activity types readably', () => {
    expect(activityTypeLabel('ACTIVITY_TYPE_CREATE_POLICIES')).to.equal('Create policies');
    expect(activityTypeLabel('ACTIVITY_TYPE_EXPORT_WALLET')).to.equal('Export wallet');
    expect(activityTypeLabel('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')).to.equal('Sign raw payload');
  });

  it('asks to log in without a session, and passes axe', async () => {
    const el = await fixture<LatchApprovals>(html`<latch-approvals></latch-approvals>`);
    expect(text(part(el, 'message'))).to.equal('Log in to see the requests waiting for your approval.');
    await expect(el).to.be.accessible();
  });

  it('lists bob\'s waiting request; Approve completes it, hands the page its result, and moves focus', async () => {
    const asked = await bobAsks('approved from the element');
    const el = await place();
    await shown(el, 1);
    const item = listed(el)[0]!;
    expect(text(within(item, 'type'))).to.equal('Create policies');
    expect(text(within(item, 'requester'))).to.equal('bob');
    expect(text(within(item, 'fingerprint'))).to.equal(asked.fingerprint);
    expect(text(part(el, 'message'))).to.equal('1 request is waiting for your approval.');
    await expect(el).to.be.accessible();

    const decided = oneEvent(el, 'latch-approval') as Promise<LatchApprovalEvent>;
    within<HTMLButtonElement>(item, 'approve').click();
    const { detail } = await decided;
    expect(detail.decision).to.equal('approved');
    expect(detail.activity.id).to.equal(asked.id);
    expect(detail.activity.status).to.equal('ACTIVITY_STATUS_COMPLETED');
    expect((detail.activity.result as { createPoliciesResult?: { policyIds: string[] } }).createPoliciesResult?.policyIds).to.have.length(1);
    await shown(el, 0);
    expect(text(part(el, 'message'))).to.equal('Nothing is waiting for your approval.');
    expect(announced(el)).to.equal('Approved: the request went through.');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'refresh'));
  });

  it('"Check for requests" finds a new one; Reject ends it as REJECTED, said in the live region', async () => {
    const el = await place();
    await shown(el, 0);
    const asked = await bobAsks('rejected from the element');
    part<HTMLButtonElement>(el, 'refresh').click();
    await shown(el, 1);
    expect(announced(el)).to.equal('1 request is waiting for your approval.');
    const decided = oneEvent(el, 'latch-approval') as Promise<LatchApprovalEvent>;
    within<HTMLButtonElement>(listed(el)[0]!, 'reject').click();
    const { detail } = await decided;
    expect(detail.decision).to.equal('rejected');
    expect(detail.activity.id).to.equal(asked.id);
    expect(detail.activity.status).to.equal('ACTIVITY_STATUS_REJECTED');
    await shown(el, 0);
    expect(announced(el)).to.equal('Rejected: the request will not go through.');
  });

  it('a vote the service refuses is shown with its next step and relayed, and the request stays', async () => {
    const asked = await bobAsks('decided elsewhere');
    const el = await place();
    await shown(el, 1);
    // Decided by the root user somewhere else meanwhile: this vote comes too late.
    await root.session.submit('reject_activity', { fingerprint: asked.fingerprint });
    const failed = oneEvent(el, 'latch-error');
    within<HTMLButtonElement>(listed(el)[0]!, 'approve').click();
    await failed;
    await waitUntil(() => text(part(el, 'error')) !== '', 'the error shows', { timeout: 5000 });
    expect(listed(el)).to.have.length(1);
    expect(within(listed(el)[0]!, 'approve').getAttribute('aria-disabled')).to.equal('false');
  });

  it('speaks Spanish, and Arabic right to left with the type isolated left to right; axe in both', async () => {
    await bobAsks('in other languages');
    for (const [locale, title, approve] of [
      ['es', 'Solicitudes pendientes de tu aprobación', 'Aprobar'],
      ['ar', 'طلبات بانتظار موافقتك', 'موافقة'],
    ] as const) {
      const el = await fixture<LatchApprovals>(html`<latch-approvals locale=${locale} .kit=${root.kit}></latch-approvals>`);
      await waitUntil(() => listed(el).length > 0, 'the request shows', { timeout: 10_000 });
      expect(text(part(el, 'title'))).to.equal(title);
      expect(text(within(listed(el)[0]!, 'approve'))).to.equal(approve);
      expect(el.getAttribute('dir')).to.equal(locale === 'ar' ? 'rtl' : 'ltr');
      expect(within(listed(el)[0]!, 'type').getAttribute('dir')).to.equal('ltr');
      await expect(el).to.be.accessible();
    }
  });
});
