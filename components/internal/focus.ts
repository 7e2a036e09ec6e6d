/**
 * Focus helpers that see through shadow roots and slots (the flat tree), which
 * `document.activeElement` and `querySelectorAll` do not.
 */

/** The focused element, descending into open shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** True when `el` takes focus with Tab: focusable, not disabled, not inert, rendered. */
export function isTabbable(el: Element): el is HTMLElement {
  if (!(el instanceof HTMLElement) || el.tabIndex < 0) return false;
  if (el.matches(':disabled') || el.closest('[inert]')) return false;
  if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
  // checkVisibility covers display:none ancestors, closed <details> and visibility:hidden.
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0;
}

/** Tabbable elements under `root` in flat-tree order (shadow content and slotted nodes included). */
export function tabbableElements(root: Element | ShadowRoot): HTMLElement[] {
  const found: HTMLElement[] = [];
  const visit = (node: Element): void => {
    if (isTabbable(node)) found.push(node);
    if (node.shadowRoot) {
      for (const child of node.shadowRoot.children) visit(child);
    } else if (node instanceof HTMLSlotElement) {
      for (const child of node.assignedElements({ flatten: true })) visit(child);
    } else {
      for (const child of node.children) visit(child);
    }
  };
  for (const child of root.children) visit(child);
  if (root instanceof Element && isTabbable(root)) found.unshift(root);
  return found;
}
