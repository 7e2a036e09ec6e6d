/**
 * While active (a modal dialog is showing), makes the rest of the page inert and stops it from
 * scrolling: what `<dialog>.showModal()` does natively, for a dialog that lives in a shadow
 * root. `aria-modal` alone leaves the page clickable with a pointer and reachable by a screen
 * reader's virtual cursor in some browsers; `inert` closes both.
 *
 * Every sibling of the host and of each of its ancestors (through shadow roots) up to <body>
 * gets `inert`, except those that already had it, and exactly those lose it again on
 * `deactivate()`. The scroll lock is counted, so two modals open at once unlock only when both
 * have closed; the scrollbar's width is kept as padding so the page does not shift sideways.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

type Host = ReactiveControllerHost & HTMLElement;

// Not content: making them inert changes nothing, so leave them as they are.
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'LINK', 'META', 'TEMPLATE', 'NOSCRIPT']);

let scrollLocks = 0;
let savedScrollStyle: { overflow: string; paddingInlineEnd: string } | undefined;

function lockScroll(): void {
  scrollLocks += 1;
  if (scrollLocks > 1) return;
  const root = document.documentElement;
  const scrollbar = window.innerWidth - root.clientWidth;
  savedScrollStyle = { overflow: root.style.overflow, paddingInlineEnd: root.style.paddingInlineEnd };
  root.style.overflow = 'hidden';
  if (scrollbar > 0) root.style.paddingInlineEnd = `${scrollbar}px`;
}

function unlockScroll(): void {
  scrollLocks = Math.max(0, scrollLocks - 1);
  if (scrollLocks > 0 || !savedScrollStyle) return;
  const root = document.documentElement;
  root.style.overflow = savedScrollStyle.overflow;
  root.style.paddingInlineEnd = savedScrollStyle.paddingInlineEnd;
  savedScrollStyle = undefined;
}

export class PageInertController implements ReactiveController {
  readonly #host: Host;
  #made: HTMLElement[] = [];
  #active = false;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  get active(): boolean {
    return this.#active;
  }

  activate(): void {
    if (this.#active || !this.#host.isConnected) return;
    this.#active = true;
    let node: Element = this.#host;
    while (node !== document.body && node !== document.documentElement) {
      const parent = node.parentNode;
      if (!parent) break;
      for (const sibling of Array.from(parent.children)) {
        if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert || SKIPPED.has(sibling.tagName)) continue;
        sibling.inert = true;
        this.#made.push(sibling);
      }
      node = parent instanceof ShadowRoot ? parent.host : (parent as Element);
    }
    lockScroll();
  }

  deactivate(): void {
    if (!this.#active) return;
    this.#active = false;
    for (const element of this.#made) element.inert = false;
    this.#made = [];
    unlockScroll();
  }

  hostDisconnected(): void {
    this.deactivate();
  }
}
