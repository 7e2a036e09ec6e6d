// The kit foundation: which kit `kit` / `proxy-url` + `config-id` / configure() name
// (resolveKit, LatchKitAwareElement), and KitSessionController following that kit's session.
// Stand-in kits here (what the controller reads of a kit: `session`, `restoreSession()`); the
// elements' own tests log in for real on the emulator.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { KitSessionController } from '../../../components/internal/kit-session-controller.ts';
import { LatchKitAwareElement } from '../../../components/internal/latch-kit-aware-element.ts';
import { resolveKit } from '../../../components/internal/resolve-kit.ts';
import { configure, kitFor } from '../../../src/kit/configure.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { describe, it } from '../../support/harness.ts';

/** A kit as the controller sees it: a session (or none) and a restore that the test settles. */
class StandInKit {
  session: SigningSession | null = null;
  restores = 0;
  #settle: ((session: SigningSession | null) => void) | undefined;
  restoreSession(): Promise<SigningSession | null> {
    this.restores += 1;
    return new Promise((resolve) => {
      this.#settle = (session) => {
        this.session = session;
        resolve(session);
      };
    });
  }
  settle(session: SigningSession | null): void {
    this.#settle?.(session);
  }
  asKit(): LatchKit {
    return this as unknown as LatchKit;
  }
}

const activeSession = (): SigningSession => ({ active: true }) as unknown as SigningSession;
/** A logged-in session of `userId` in `organizationId`, as far as the controller reads one. */
const sessionOf = (userId: string, organizationId = 'org'): SigningSession => ({ active: true, summary: { userId, organizationId } }) as unknown as SigningSession;

class LatchTestKitProbe extends LatchKitAwareElement {
  static override readonly tag = 'latch-test-kit-probe';
  readonly changes: (SigningSession | null)[] = [];
  readonly sameUser: boolean[] = [];
  readonly session = new KitSessionController(this, (session, change) => {
    this.changes.push(session);
    this.sameUser.push(change.sameUser);
  });
}
LatchTestKitProbe.define();

declare global {
  interface HTMLElementTagNameMap {
    'latch-test-kit-probe': LatchTestKitProbe;
  }
}

describe('resolveKit and LatchKitAwareElement', () => {
  // Before configure(): the "no kit anywhere" case only exists until a test configures one.
  it('names no kit without a kit, a config-id or configure(); a proxy-url alone names none', () => {
    expect(resolveKit({})).to.equal(undefined);
    expect(resolveKit({ proxyUrl: 'https://proxy.example' })).to.equal(undefined);
  });

  it('kit wins; else proxy-url + config-id name the shared kit of the pair; else the configure() kit', async () => {
    const own = new LatchKit({ configId: 'own' });
    const configured = configure({ configId: 'configured', proxyUrl: 'https://configured.example' });
    try {
      const paired = kitFor({ proxyUrl: 'https://proxy.example', configId: 'paired' });
      expect(resolveKit({ kit: own, proxyUrl: 'https://proxy.example', configId: 'paired' })).to.equal(own);
      expect(resolveKit({ proxyUrl: 'https://proxy.example/', configId: 'paired' })).to.equal(paired);
      expect(resolveKit({ configId: 'hosted' })).to.equal(kitFor({ configId: 'hosted' }));
      expect(resolveKit({ proxyUrl: 'https://configured.example', configId: 'configured' })).to.equal(configured);
      expect(resolveKit({ proxyUrl: 'https://proxy.example' })).to.equal(configured);

      const el = await fixture<LatchTestKitProbe>(html`<latch-test-kit-probe proxy-url="https://proxy.example" config-id="paired"></latch-test-kit-probe>`);
      expect([el.proxyUrl, el.configId]).to.deep.equal(['https://proxy.example', 'paired']);
      expect(el.resolvedKit).to.equal(paired);
      el.kit = own;
      expect(el.resolvedKit).to.equal(own);
      el.kit = undefined;
      el.removeAttribute('config-id');
      expect(el.resolvedKit).to.equal(configured);
    } finally {
      own.dispose();
      configured.dispose();
    }
  });
});

describe('KitSessionController', () => {
  it('asks the kit once to restore, says "restoring" meanwhile, and hands over the session it finds', async () => {
    const kit = new StandInKit();
    const el = await fixture<LatchTestKitProbe>(html`<latch-test-kit-probe .kit=${kit.asKit()}></latch-test-kit-probe>`);
    expect(el.session.kit).to.equal(kit.asKit());
    expect(kit.restores).to.equal(1);
    expect(el.session.restoring).to.equal(true);
    expect(el.changes).to.deep.equal([null]);
    const session = activeSession();
    kit.settle(session);
    await waitUntil(() => !el.session.restoring, 'the restore ends');
    await el.updateComplete;
    expect(el.session.session).to.equal(session);
    expect(el.changes).to.deep.equal([null, session]);
    el.requestUpdate();
    await el.updateComplete;
    expect(kit.restores, 'asked once per kit').to.equal(1);
    expect(el.changes, 'no change, no call').to.have.length(2);
  });

  it('follows a logout seen through $session, and asks a kit set later when it arrives', async () => {
    const first = new StandInKit();
    first.session = activeSession();
    setSession({ organizationId: 'org', userId: 'user', publicKey: '02', sessionType: 'SESSION_TYPE_READ_WRITE', expiresAt: Date.now() + 60_000 });
    const el = await fixture<LatchTestKitProbe>(html`<latch-test-kit-probe .kit=${first.asKit()}></latch-test-kit-probe>`);
    expect(first.restores, 'a kit with a session is not asked').to.equal(0);
    expect(el.changes).to.deep.equal([first.session]);
    (first.session as { active: boolean }).active = false;
    setSession(null);
    await waitUntil(() => el.changes.length === 2, 'the logout reaches the element');
    expect(el.changes[1]).to.equal(null);
    expect(el.session.session).to.equal(null);

    const second = new StandInKit();
    el.kit = second.asKit();
    await el.updateComplete;
    expect(second.restores).to.equal(1);
    expect(el.session.restoring).to.equal(true);
    second.settle(null);
    await waitUntil(() => !el.session.restoring, 'the restore ends');
    expect(el.session.session).to.equal(null);
  });

  it('says when a new session is the same user\'s (a step-up\'s fresh login), not after a logout or for another user', async () => {
    const kit = new StandInKit();
    const first = sessionOf('alice');
    kit.session = first;
    const el = await fixture<LatchTestKitProbe>(html`<latch-test-kit-probe .kit=${kit.asKit()}></latch-test-kit-probe>`);
    const next = async (session: SigningSession | null) => {
      kit.session = session;
      el.requestUpdate();
      await el.updateComplete;
    };
    const fresh = sessionOf('alice');
    await next(fresh);
    await next(sessionOf('bob'));
    await next(sessionOf('bob', 'another org'));
    await next(null);
    await next(sessionOf('bob', 'another org'));
    expect(el.changes).to.have.length(6);
    expect(el.changes[1]).to.equal(fresh);
    expect(el.sameUser).to.deep.equal([false, true, false, false, false, false]);
  });

  it('a failed restore means nobody is logged in', async () => {
    const kit = new StandInKit();
    kit.restoreSession = () => {
      kit.restores += 1;
      return Promise.reject(new Error('IndexedDB blocked'));
    };
    const el = await fixture<LatchTestKitProbe>(html`<latch-test-kit-probe .kit=${kit.asKit()}></latch-test-kit-probe>`);
    await waitUntil(() => !el.session.restoring, 'the restore ends');
    expect(el.session.session).to.equal(null);
    expect(el.changes).to.deep.equal([null]);
  });
});
