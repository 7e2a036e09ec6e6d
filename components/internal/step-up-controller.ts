/**
 * Step-up inside an element: an action the service holds back for a recent login
 * (ERR_STEP_UP_REQUIRED) shows `<latch-step-up>` in the element (its module loads then, so
 * pages that never meet it never load it), waits for the user to confirm it is them, and runs
 * the action once more: the fresh login is the kit's session by then. Cancel ends the action
 * with the service's refusal, as if no step-up had been offered.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { LatchKit } from '../../src/kit/latch-kit.ts';

interface Host extends ReactiveControllerHost, HTMLElement {
  readonly resolvedKit: LatchKit | undefined;
  readonly resolvedLocale: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

interface Waiting {
  confirmed: () => void;
  cancelled: () => void;
}

export const isStepUpRequired = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ERR_STEP_UP_REQUIRED';

export class StepUpController implements ReactiveController {
  readonly #host: Host;
  #waiting: Waiting | null = null;

  /** `headingLevel`: the box's heading level under the host's own headings (read at each render). */
  constructor(host: Host, readonly headingLevel: () => number) {
    this.#host = host;
    host.addController(this);
  }

  /** True while the element asks the user to confirm. */
  get open(): boolean {
    return this.#waiting !== null;
  }

  hostDisconnected(): void {
    this.#waiting?.cancelled();
  }

  /** Runs `work`; when the service wants a fresh login first, asks for it and runs `work` again. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isStepUpRequired(error) || !this.#host.isConnected) throw error;
      await this.#confirm(error);
      return work();
    }
  }

  async #confirm(refusal: unknown): Promise<void> {
    const { LatchStepUp } = await import('../latch-step-up/latch-step-up.ts');
    LatchStepUp.define();
    const confirmed = new Promise<void>((resolve, reject) => {
      this.#waiting = { confirmed: resolve, cancelled: () => reject(refusal) };
    });
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>('latch-step-up')?.focus();
    try {
      await confirmed;
    } finally {
      this.#waiting = null;
      this.#host.requestUpdate();
    }
  }

  /** The `<latch-step-up>` box while the user is asked, else nothing. */
  render(): TemplateResult | typeof nothing {
    const waiting = this.#waiting;
    if (!waiting) return nothing;
    return html`<latch-step-up
      part="step-up"
      .kit=${this.#host.resolvedKit}
      heading-level=${this.headingLevel()}
      locale=${this.#host.resolvedLocale}
      @latch-step-up=${() => waiting.confirmed()}
      @latch-step-up-cancel=${() => waiting.cancelled()}
    ></latch-step-up>`;
  }
}
