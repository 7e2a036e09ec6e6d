/**
 * A polite live region for status messages screen readers should hear without moving focus
 * ("You can ask for a new code now"). Render `announcer.render()` once, anywhere in the
 * template: the region must exist before its text changes, or nothing is announced.
 * Urgent messages (errors) belong in the element's own `aria-live="assertive"` error node.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';

export class AnnouncerController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #message = '';

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The text in the region now. */
  get message(): string {
    return this.#message;
  }

  /** Announces `message` (again, if it is the same text as last time). */
  announce(message: string): void {
    // Screen readers skip an unchanged live region: toggle a trailing no-break space to repeat.
    const repeat = message === this.#message.replace(/\u00a0$/, '');
    this.#message = repeat && !this.#message.endsWith('\u00a0') ? `${message}\u00a0` : message;
    this.#host.requestUpdate();
  }

  clear(): void {
    this.#message = '';
    this.#host.requestUpdate();
  }

  // A detached element's old news is not news when it comes back.
  hostDisconnected(): void {
    this.#message = '';
  }

  render(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" part="announcer">${this.#message}</div>`;
  }
}
