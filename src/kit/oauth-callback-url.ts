/**
 * Reading and removing an OAuth answer in a page URL. After a redirect login the answer (a
 * one-time code or an id_token) sits in the address bar; once handled it is removed, so a
 * reload, a bookmark or a shared link does not carry it.
 */

// What authorization servers put on the redirect URI (RFC 6749 §4.1.2, §4.2.2, RFC 9207, OIDC).
const RESPONSE_PARAMS = [
  'state',
  'code',
  'id_token',
  'access_token',
  'token_type',
  'expires_in',
  'scope',
  'error',
  'error_description',
  'error_uri',
  'iss',
  'session_state',
] as const;

function paramsOf(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.hash.replace(/^#/, ''));
  for (const [name, value] of url.searchParams) if (!params.has(name)) params.set(name, value);
  return params;
}

/** The `state` of the OAuth answer in `href` (fragment or query), if it carries one. */
export function oauthStateOf(href: string): string | undefined {
  try {
    return paramsOf(new URL(href)).get('state') ?? undefined;
  } catch {
    return undefined;
  }
}

/** `href` without the OAuth answer's parameters; everything else the page had is kept. */
export function withoutOAuthResponse(href: string): string {
  const url = new URL(href);
  for (const name of RESPONSE_PARAMS) url.searchParams.delete(name);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  // A plain `#section` fragment is the page's own: only a fragment that is an answer is edited.
  if (RESPONSE_PARAMS.some((name) => fragment.has(name))) {
    for (const name of RESPONSE_PARAMS) fragment.delete(name);
    url.hash = fragment.toString();
  }
  return url.href;
}
