/**
 * A person at the built-in provider's consent page, played with plain fetch: read the form,
 * post it (allow or deny), follow the redirect to a local callback server.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';

export interface Callback {
  url: string;
  /** Query parameters of the last request the callback received. */
  last(): URLSearchParams | undefined;
  close(): Promise<void>;
}

export async function startCallback(): Promise<Callback> {
  let last: URLSearchParams | undefined;
  const server: Server = createServer((req, res) => {
    last = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/callback`,
    last: () => last,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface ConsentForm {
  action: string;
  fields: Record<string, string>;
  html: string;
}

/** Loads the authorize page and reads its consent form. */
export async function openConsent(authorizeUrl: string): Promise<ConsentForm> {
  const response = await fetch(authorizeUrl);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`authorize page ${response.status}: ${html}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input (?:type="hidden" )?(?:id="[^"]*" )?name="([^"]+)"[^>]*?value="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }
  return { action: new URL(action, authorizeUrl).toString(), fields, html };
}

/** Submits the consent form as the `#consent-allow` or `#consent-deny` button would. */
export function submitConsent(form: ConsentForm, decision: 'allow' | 'deny', email?: string, redirect: RequestRedirect = 'follow'): Promise<Response> {
  const body = new URLSearchParams({ ...form.fields, decision, ...(email ? { email } : {}) });
  return fetch(form.action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, redirect });
}
