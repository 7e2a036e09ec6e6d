/**
 * The in-page half of the time-to-interactive bench (test/bench/time-to-interactive.ts drives it).
 * main.ts imports this module first, so the mark below is the first thing the page's bundle
 * runs, before lit or any kit code. Once main.ts has defined `<latch-auth>` and handed it over,
 * the probe checks on every mutation of the element's shadow trees (the render that makes it
 * interactive is a mutation) and on every animation frame (styles and layout change without
 * one) whether the element is interactive: its first input can take focus (connected, enabled,
 * laid out with a size, visible, not inert) AND it shows the config's methods (the methods list
 * is rendered, which happens only once wallet_kit_config is loaded, and every method's own
 * element has rendered its button). The outcome is `window.__tti`, which the bench awaits.
 */
const started = performance.mark('latch-script-start');

export interface TtiSample {
  /** Navigation start → the page's script runs (the HTML and the bundle's download and compile). */
  scriptStartMs: number;
  /** Navigation start → interactive. */
  navigationToReadyMs: number;
  /** `latch-script-start` → interactive: the headline figure. */
  scriptToReadyMs: number;
  /** Navigation start → the kit sent wallet_kit_config (Resource Timing; absent if not seen). */
  configRequestMs?: number;
  /** Navigation start → wallet_kit_config's answer had arrived. */
  configResponseMs?: number;
  /** The methods shown, in the order shown; the bench compares them with the config's. */
  methods: string[];
  /** What noticed readiness: a DOM mutation, or an animation frame. */
  seenBy: 'mutation' | 'frame';
}

export type TtiResult = { ok: true; sample: TtiSample } | { ok: false; error: string };

declare global {
  interface Window {
    __tti: Promise<TtiResult>;
  }
}

let settle: (result: TtiResult) => void = () => undefined;
window.__tti = new Promise((resolve) => (settle = resolve));

/** Focusable as a user would find it: connected, enabled, not inert, laid out and visible. */
function focusable(input: HTMLInputElement): boolean {
  if (!input.isConnected || input.disabled || input.inert || input.closest('[inert]')) return false;
  const box = input.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && input.checkVisibility({ checkVisibilityCSS: true });
}

/**
 * The methods the element shows, in order, or undefined while the list is not rendered or a
 * nested method element (passkey, OAuth) has not rendered its button yet.
 */
function shownMethods(root: ShadowRoot, observe: (root: ShadowRoot | null) => void): string[] | undefined {
  const list = root.querySelector('[part="methods"]');
  if (!list) return undefined;
  const methods: string[] = [];
  for (const item of list.querySelectorAll<HTMLElement>('form[data-method], latch-passkey-button, latch-oauth-button')) {
    if (item instanceof HTMLFormElement) {
      methods.push(item.dataset['method'] ?? '?');
      continue;
    }
    // Its render happens inside its own shadow tree, which the element's observer does not see.
    observe(item.shadowRoot);
    if (!item.shadowRoot?.querySelector('button')) return undefined;
    methods.push(item.localName === 'latch-passkey-button' ? 'passkey' : (item.getAttribute('provider') ?? '?'));
  }
  return methods.length ? methods : undefined;
}

/** Navigation start → the wallet_kit_config request and answer, from Resource Timing. */
function configTiming(): Pick<TtiSample, 'configRequestMs' | 'configResponseMs'> {
  const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/v1/wallet_kit_config')) as PerformanceResourceTiming | undefined;
  return entry ? { configRequestMs: entry.startTime, configResponseMs: entry.responseEnd } : {};
}

/** Watches `element` (the page's `<latch-auth>`, just defined) until it is interactive or has failed. */
export function watchLatchAuth(element: Element | null): void {
  if (!element) return settle({ ok: false, error: 'no <latch-auth> on the page' });
  const observed = new WeakSet<ShadowRoot>();
  let done = false;
  const finish = (result: TtiResult): void => {
    done = true;
    observer.disconnect();
    settle(result);
  };
  const check = (seenBy: TtiSample['seenBy']): void => {
    if (done) return;
    // Taken before the checks, which read layout: the probe's own work is not counted.
    const now = performance.now();
    const root = element.shadowRoot;
    if (!root) return;
    observe(root);
    if (root.querySelector('[part="retry"]')) {
      const message = root.querySelector('[part="error"]')?.textContent?.trim();
      return finish({ ok: false, error: `the element shows its config failure: ${message || 'no message'}` });
    }
    const methods = shownMethods(root, observe);
    const input = root.querySelector('input');
    if (!methods || !input || !focusable(input)) return;
    performance.mark('latch-interactive', { startTime: now });
    finish({
      ok: true,
      sample: { scriptStartMs: started.startTime, navigationToReadyMs: now, scriptToReadyMs: now - started.startTime, ...configTiming(), methods, seenBy },
    });
  };
  const observer = new MutationObserver(() => check('mutation'));
  function observe(root: ShadowRoot | null): void {
    if (!root || observed.has(root)) return;
    observed.add(root);
    observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
  }
  const frame = (): void => {
    check('frame');
    if (!done) requestAnimationFrame(frame);
  };
  check('mutation');
  if (!done) requestAnimationFrame(frame);
}
