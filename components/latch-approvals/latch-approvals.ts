import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Activity } from '../../src/clients/activity-types.ts';
import type { LatchError } from '../../src/errors/latch-error.ts';
import { toLatchError } from '../../src/kit/to-latch-error.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { LatchErrorEvent } from '../internal/events.ts';
import { KitSessionController, type SessionChange } from '../internal/kit-session-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import { renderCard } from '../internal/render-card.ts';
import { controlStyles } from '../styles/control-styles.ts';
import { LatchApprovalEvent } from './approval-events.ts';
import './latch-approvals.messages.ts';
import { approvalsStyles } from './latch-approvals.styles.ts';

type Vote = 'approve' | 'reject';

/** `ACTIVITY_TYPE_CREATE_POLICIES_V2` → `Create policies`: the service's name, readable. */
export function activityTypeLabel(type: string): string {
  const words = type.replace(/^ACTIVITY_TYPE_/, '').replace(/_V\d+$/, '').toLowerCase().split('_');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Who asked: the first vote is the initiator's own request. */
function requesterOf(activity: Activity): string | undefined {
  const user = activity.votes[0]?.user;
  return user?.userName || user?.userEmail || undefined;
}

/**
 * @summary The activities waiting for this user's vote (a consensus policy holds them), each
 * with what it is, who asked, when, and its fingerprint, and Approve / Reject buttons.
 *
 * It lists through the kit's logged-in session (`kit`, or `proxy-url` + `config-id`, or the
 * page's `configure()` kit): the hosted list_activities filtered to those waiting for consensus
 * that this user may still vote on. It reads when a session arrives, on "Check for requests",
 * and every `poll-interval` ms when that is set. A vote removes the request from the list, says
 * what happened (went through, still needs another approval, rejected) in the polite live
 * region, moves focus to the next request (or the check button), and dispatches
 * `latch-approval` with the activity as it stands after the vote: an approval that completed it
 * carries its result.
 *
 * @slot header - Replaces the heading ("Requests waiting for your approval").
 * @slot footer - Under the list.
 *
 * @event {LatchApprovalEvent} latch-approval - The user voted: `detail.decision` ('approved' | 'rejected'), `detail.activity` (after the vote; COMPLETED with `result` when it went through).
 * @event {LatchErrorEvent} latch-error - Reading the list or a vote failed (`detail.error.code`); the element also shows the message.
 *
 * @csspart base - The card.
 * @csspart header - The heading area.
 * @csspart title - The default heading.
 * @csspart message - "Log in…", "Loading…", "Nothing is waiting…" or the count.
 * @csspart error - A failure, an assertive live region.
 * @csspart list - The list of requests.
 * @csspart item - One request.
 * @csspart type - What the request is (the service's activity type, readable).
 * @csspart requester - Who asked.
 * @csspart date - When.
 * @csspart fingerprint - The activity's fingerprint (what is approved).
 * @csspart approve - An Approve button.
 * @csspart reject - A Reject button.
 * @csspart refresh - The "Check for requests" button.
 * @csspart footer - The footer.
 * @csspart announcer - The visually hidden polite live region.
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchApprovals extends LatchKitAwareElement {
  static override readonly tag = 'latch-approvals';
  static override styles = [LatchElement.styles, controlStyles, approvalsStyles];

  /** Milliseconds between automatic checks for new requests; 0 (default) checks only on demand. */
  @property({ type: Number, attribute: 'poll-interval' }) pollInterval = 0;

  @state() private signedIn = false;
  @state() private items: Activity[] | null = null;
  @state() private loading = false;
  @state() private voting: { id: string; vote: Vote } | null = null;
  @state() private failure: LatchError | undefined;

  readonly #announcer = new AnnouncerController(this);
  readonly #kit = new KitSessionController(this, (session, change) => this.#onSession(session, change));
  #session: SigningSession | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts reads, so an answer to an older read (another session, a later refresh) is dropped. */
  #reads = 0;

  /** The requests shown now (copies), or null before the first read. */
  get activities(): Activity[] | null {
    return this.items ? structuredClone(this.items) : null;
  }

  /** Reads the list again now. */
  refresh(): Promise<void> {
    return this.#load(true);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated && this.#session) void this.#load(false);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
    this.#reads += 1;
  }

  #onSession(session: SigningSession | null, change: SessionChange): void {
    this.#session = session;
    this.signedIn = session !== null;
    // The same user's fresh login (a step-up) keeps the list shown while it is read again.
    if (!change.sameUser) this.items = null;
    this.failure = undefined;
    clearTimeout(this.#timer);
    if (session) void this.#load(false);
  }

  async #load(byUser: boolean): Promise<void> {
    const session = this.#session;
    clearTimeout(this.#timer);
    if (!session || !this.isConnected) return;
    const read = ++this.#reads;
    this.loading = true;
    if (byUser) this.#announcer.announce(this.t('approvals.loading'));
    try {
      const { listApprovals } = await import('../../src/session/approvals.ts');
      const items = await listApprovals(session, { limit: 100 });
      if (read !== this.#reads) return;
      this.items = items;
      this.failure = undefined;
      if (byUser) this.#announcer.announce(this.#countText(items.length));
    } catch (error) {
      if (read !== this.#reads) return;
      this.failure = toLatchError(error);
      if (byUser) this.dispatchEvent(new LatchErrorEvent({ error: this.failure }));
    } finally {
      if (read === this.#reads) {
        this.loading = false;
        if (this.pollInterval > 0) this.#timer = setTimeout(() => void this.#load(false), this.pollInterval);
      }
    }
  }

  async #vote(activity: Activity, vote: Vote): Promise<void> {
    const session = this.#session;
    if (!session || this.voting) return;
    this.voting = { id: activity.id, vote };
    this.failure = undefined;
    this.#announcer.announce(this.t(vote === 'approve' ? 'approvals.approving' : 'approvals.rejecting'));
    try {
      const { approveActivity, rejectActivity } = await import('../../src/session/approvals.ts');
      const after = await (vote === 'approve' ? approveActivity : rejectActivity)(session, activity);
      const index = this.items?.findIndex((item) => item.id === activity.id) ?? -1;
      this.items = (this.items ?? []).filter((item) => item.id !== activity.id);
      const said = vote === 'reject' ? 'approvals.rejected' : after.status === 'ACTIVITY_STATUS_COMPLETED' ? 'approvals.approved' : 'approvals.approvedWaiting';
      this.#announcer.announce(this.t(said));
      this.dispatchEvent(new LatchApprovalEvent({ decision: vote === 'approve' ? 'approved' : 'rejected', activity: after }));
      this.voting = null;
      await this.updateComplete;
      // Focus stays in the list: the request that took this one's place, else the check button.
      const next = this.renderRoot.querySelectorAll<HTMLElement>('[part~="approve"]')[Math.max(0, index)] ?? this.renderRoot.querySelector<HTMLElement>('[part~="refresh"]');
      next?.focus();
    } catch (error) {
      this.failure = toLatchError(error);
      this.voting = null;
      this.dispatchEvent(new LatchErrorEvent({ error: this.failure }));
    }
  }

  readonly #onRefresh = (): void => {
    if (!this.loading) void this.#load(true);
  };

  #countText(count: number): string {
    return count === 0 ? this.t('approvals.empty') : this.t('approvals.count', { count });
  }

  // ---- rendering -----------------------------------------------------------------------------

  protected override render(): TemplateResult {
    return renderCard({
      title: this.t('approvals.title'),
      error: this.failure === undefined ? '' : this.errorText(this.failure),
      body: this.#renderBody(),
      announcer: this.#announcer.render(),
    });
  }

  #renderBody(): TemplateResult {
    if (!this.signedIn) return html`<p part="message" class="muted">${this.#kit.restoring ? this.t('common.loading') : this.t('approvals.signedOut')}</p>`;
    const items = this.items;
    const message = items === null ? (this.failure === undefined ? this.t('approvals.loading') : '') : this.#countText(items.length);
    return html`
      ${message ? html`<p part="message" class="muted">${message}</p>` : nothing}
      ${items && items.length > 0 ? html`<ul part="list" class="list">${items.map((item, i) => this.#renderItem(item, i))}</ul>` : nothing}
      <div class="row">
        <button part="refresh" type="button" aria-disabled=${this.loading ? 'true' : 'false'} @click=${this.#onRefresh}>${this.t('approvals.refresh')}</button>
      </div>
    `;
  }

  #renderItem(activity: Activity, index: number): TemplateResult {
    const titleId = `request-${index}`;
    const busy = this.voting?.id === activity.id ? this.voting.vote : null;
    const seconds = Number(activity.createdAt?.seconds);
    const date = Number.isFinite(seconds) ? new Intl.DateTimeFormat(this.resolvedLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(seconds * 1000) : '';
    const disabled = this.voting !== null ? 'true' : 'false';
    return html`
      <li part="item" class="item" aria-labelledby=${titleId} aria-busy=${busy ? 'true' : 'false'}>
        <dl>
          <dt>${this.t('approvals.type')}</dt>
          <dd id=${titleId}><bdi part="type" dir="ltr">${activityTypeLabel(activity.type)}</bdi></dd>
          <dt>${this.t('approvals.requestedBy')}</dt>
          <dd part="requester"><bdi>${requesterOf(activity) ?? this.t('approvals.unknownUser')}</bdi></dd>
          ${date ? html`<dt>${this.t('approvals.requestedAt')}</dt><dd part="date">${date}</dd>` : nothing}
          <dt>${this.t('approvals.fingerprint')}</dt>
          <dd><code part="fingerprint" class="fingerprint">${activity.fingerprint}</code></dd>
        </dl>
        <div class="row">
          <button part="approve" class="primary" type="button" aria-describedby=${titleId} aria-disabled=${disabled} @click=${() => void this.#vote(activity, 'approve')}>
            ${busy === 'approve' ? this.t('approvals.approving') : this.t('approvals.approve')}
          </button>
          <button part="reject" type="button" aria-describedby=${titleId} aria-disabled=${disabled} @click=${() => void this.#vote(activity, 'reject')}>
            ${busy === 'reject' ? this.t('approvals.rejecting') : this.t('approvals.reject')}
          </button>
        </div>
      </li>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-approvals': LatchApprovals;
  }
}
