// Shortcuts into an element's shadow DOM, shared by the element tests.

/** The node with `part~=name` in `host`'s shadow root (throws when missing). */
export function part<T extends HTMLElement = HTMLElement>(host: Element, name: string): T {
  const found = host.shadowRoot?.querySelector<T>(`[part~="${name}"]`);
  if (!found) throw new Error(`no part ${name} in <${host.localName}>`);
  return found;
}

/** Every node with `part~=name` in `host`'s shadow root, in document order. */
export function parts<T extends HTMLElement = HTMLElement>(host: Element, name: string): T[] {
  return Array.from(host.shadowRoot?.querySelectorAll<T>(`[part~="${name}"]`) ?? []);
}

/** Whether `host`'s shadow root has a node with `part~=name`. */
export const has = (host: Element, name: string): boolean => host.shadowRoot?.querySelector(`[part~="${name}"]`) != null;

/** Text content, whitespace collapsed. */
export const text = (node: Node | null | undefined): string => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * The shadow roots under `host`, its own first, then those of the elements it renders, depth
 * first in document order: a composed element (`<latch-wallet>` and its sections) is searched as
 * a person sees it, one card.
 */
function shadowRoots(host: Element): ShadowRoot[] {
  const root = host.shadowRoot;
  if (!root) return [];
  return [root, ...Array.from(root.querySelectorAll('*')).flatMap((node) => (node.shadowRoot ? shadowRoots(node) : []))];
}

/** Every node matching `selector` in `host`'s shadow root and the shadow roots nested in it. */
export function findAll<T extends Element = HTMLElement>(host: Element, selector: string): T[] {
  return shadowRoots(host).flatMap((root) => Array.from(root.querySelectorAll<T>(selector)));
}

/** The first node matching `selector` in `host`'s shadow root or one nested in it, or null. */
export const find = <T extends Element = HTMLElement>(host: Element, selector: string): T | null => findAll<T>(host, selector)[0] ?? null;

/** `part`, looking into nested shadow roots too. */
export function deepPart<T extends HTMLElement = HTMLElement>(host: Element, name: string): T {
  const found = find<T>(host, `[part~="${name}"]`);
  if (!found) throw new Error(`no part ${name} in <${host.localName}> or the elements it renders`);
  return found;
}

/** `parts`, looking into nested shadow roots too. */
export const deepParts = <T extends HTMLElement = HTMLElement>(host: Element, name: string): T[] => findAll<T>(host, `[part~="${name}"]`);

/** The focused node inside `host`, following focus through nested shadow roots. */
export function deepActive(host: Element): Element | null {
  let active = host.shadowRoot?.activeElement ?? null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
