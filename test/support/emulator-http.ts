// What a person does at the emulator, done over HTTP for Node tests: read the latest OTP code
// from its outbox, and press "allow" on its OAuth provider's consent page.
import assert from 'node:assert/strict';

export async function latestCode(urls: { apiUrl: string }, contact: string): Promise<string> {
  const answer = await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
  const { messages } = (await answer.json()) as { messages: { code: string }[] };
  assert.ok(messages[0], `no OTP delivered to ${contact}`);
  return messages[0].code;
}

const unescapeHtml = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Presses "allow" on the emulator provider's consent page; returns where it redirects (not followed). */
export async function consent(authorizeUrl: string, email: string): Promise<string> {
  const page = await fetch(authorizeUrl);
  assert.equal(page.status, 200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(name!, unescapeHtml(value!));
  }
  form.set('email', email);
  form.set('decision', 'allow');
  const action = new URL(authorizeUrl);
  action.pathname = action.pathname.replace(/authorize$/, 'consent');
  action.search = '';
  const answer = await fetch(action, { method: 'POST', body: form, redirect: 'manual' });
  assert.equal(answer.status, 302);
  return answer.headers.get('location')!;
}
