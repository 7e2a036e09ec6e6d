/**
 * What makes `<latch-auth modal>` a real dialog: focus trapped inside while open and given back
 * when it closes, the rest of the page inert and not scrolling. A separate chunk: only modal
 * drop-ins load it (when `modal` is first set, so it is there before `show()`).
 */
import type { ReactiveControllerHost } from 'lit';
import { FocusTrapController } from '../internal/focus-trap-controller.ts';
import { PageInertController } from '../internal/page-inert-controller.ts';

export class ModalDialog {
  readonly #inert: PageInertController;
  readonly #trap: FocusTrapController;

  constructor(host: ReactiveControllerHost & HTMLElement, dialog: () => Element | null | undefined) {
    // The inert controller first: controllers hear hostDisconnected in the order they were added,
    // and the page must stop being inert before the trap gives focus back to something on it.
    this.#inert = new PageInertController(host);
    this.#trap = new FocusTrapController(host, dialog);
  }

  /** Whether the dialog is open (focus is trapped in it). */
  get active(): boolean {
    return this.#trap.active;
  }

  open(): void {
    this.#trap.activate(); // first: it remembers what had focus on the page
    this.#inert.activate();
  }

  close(): void {
    this.#inert.deactivate(); // first: focus cannot return to an inert element
    this.#trap.deactivate();
  }

  /** Focuses the dialog's first control (a new step replaced the one that had focus). */
  focusFirst(): void {
    this.#trap.focusFirst();
  }
}
