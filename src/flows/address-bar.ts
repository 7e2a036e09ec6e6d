/**
 * Takes a single-use answer (an OAuth response, a magic link's code) out of the address bar once
 * it has been read, so a reload, a bookmark or a shared URL does not carry it. Only while the page
 * is still at `href`; a sandboxed or opaque-origin page may refuse, which is harmless: the answer
 * is single-use anyway.
 */
export interface AddressBar {
  location?: Location;
  history?: History;
}

export function cleanAddressBar(href: string, cleaned: string, host: AddressBar = globalThis as AddressBar): void {
  if (!host.location || !host.history || host.location.href !== href) return;
  try {
    host.history.replaceState(host.history.state, '', cleaned);
  } catch {
    // Refused (sandboxed or opaque origin): see above.
  }
}
