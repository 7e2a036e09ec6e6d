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
