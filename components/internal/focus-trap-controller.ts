/**
 * Keeps keyboard focus inside a container while active (a modal dialog): Tab and Shift+Tab wrap
 * around its tabbable elements, focus that escapes (a click elsewhere, a script) is brought back,
 * and `deactivate()` returns focus to where it was before `activate()`. Escape is the dialog's
 * business, not the trap's. Works through shadow roots and slots.
 *
 *   #trap = new FocusTrapController(this, () => this.renderRoot.querySelector('[part=dialog]'));
 *   open() { …; await this.updateComplete; this.#trap.activate(); }
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { deepActiveElement, tabbableElements } from './focus.ts';

type Host = ReactiveControllerHost & HTMLElement;

/**
 * The Tab key, with or without Shift. WebKitGTK reports Shift+Tab as key "Unidentified" (GDK
 * names it ISO_Left_Tab) with code "Tab"; without this the trap let Shift+Tab out of a dialog.
 */
const isTab = (event: KeyboardEvent): boolean => event.key === 'Tab' || (event.key === 'Unidentified' && event.code === 'Tab');

export class FocusTrapController implements ReactiveController {
  readonly #host: Host;
  readonly #container: () => Element | null | undefined;
  #returnTo: HTMLElement | null = null;
  #active = false;

  constructor(host: Host, container: () => Element | null | undefined) {
    this.#host = host;
    this.#container = container;
    host.addController(this);
  }

  get active(): boolean {
    return this.#active;
  }

  /** Traps focus and moves it to the first `[autofocus]` or tabbable element of the container. */
  activate(): void {
    if (this.#active) return;
    this.#active = true;
    const current = deepActiveElement();
    this.#returnTo = current instanceof HTMLElement ? current : null;
    this.#host.addEventListener('keydown', this.#onKeydown);
    document.addEventListener('focusin', this.#onFocusIn);
    this.focusFirst();
  }

  /** Releases focus and (by default) returns it to the element focused before `activate()`. */
  deactivate(restoreFocus = true): void {
    if (!this.#active) return;
    this.#active = false;
    this.#host.removeEventListener('keydown', this.#onKeydown);
    document.removeEventListener('focusin', this.#onFocusIn);
    const target = this.#returnTo;
    this.#returnTo = null;
    if (restoreFocus && target?.isConnected) target.focus();
  }

  focusFirst(): void {
    const container = this.#container();
    if (!container) return;
    const items = tabbableElements(container);
    const preferred = items.find((el) => el.hasAttribute('autofocus')) ?? items[0];
    (preferred ?? (container instanceof HTMLElement ? container : null))?.focus();
  }

  hostDisconnected(): void {
    this.deactivate();
  }

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (!isTab(event) || event.defaultPrevented) return;
    const container = this.#container();
    if (!container) return;
    const items = tabbableElements(container);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const current = deepActiveElement();
    const index = current ? items.indexOf(current as HTMLElement) : -1;
    if (event.shiftKey && index <= 0) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (index === -1 || index === items.length - 1)) {
      event.preventDefault();
      first.focus();
    }
  };

  readonly #onFocusIn = (event: FocusEvent): void => {
    const container = this.#container();
    if (!container) return;
    if (!event.composedPath().includes(container)) this.focusFirst();
  };
}
