/**
 * Registers `ctor` as `tag` unless the tag is taken, and does nothing where there is no
 * `customElements` registry. Idempotent by design: a second copy of the kit on the page, a hot
 * reload, or calling `define()` twice leaves the first definition in place instead of throwing.
 *
 * Under Node, lit installs its server-side-rendering registry shim on `globalThis.customElements`
 * when it loads, so a definition there registers with the shim (which is what lit SSR renders
 * from) and still never throws.
 *
 * @returns true when this call defined the tag.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): boolean {
  const registry = (globalThis as { customElements?: CustomElementRegistry }).customElements;
  if (!registry || registry.get(tag)) return false;
  registry.define(tag, ctor);
  return true;
}
