/**
 * The floors' config handling (test/bench/floor-page/): the kit's order of work at its least.
 * The wallet_kit_config request goes out first, as `<latch-auth>` sends it; the methods kept by
 * the last load (a returning visitor) render at once; the answer renders them (again only if
 * they changed) and is kept, in a task of its own. No session, no i18n, no flows: whatever a
 * real drop-in does besides this costs more, so a floor's time is a lower bound for the kit's.
 */
import { orderLoginMethods } from '../../../src/kit/login-methods.ts';
import type { LoginMethod } from '../../../src/kit/latch-kit.ts';
import { en } from '../../../components/i18n/en.ts';
import { PROVIDERS } from '../../../components/latch-oauth-button/provider-logos.ts';
import type { OAuthProvider } from '../../../src/flows/oauth-providers.ts';

/** The English texts `<latch-auth>` shows for its methods, from its catalogue. */
export const TEXTS = {
  title: en['login.title'],
  or: en['common.or'],
  email: en['login.email'],
  sms: en['login.phone'],
  sendCode: en['login.sendCode'],
  passkeyLogin: en['login.passkeyLogin'],
  passkeySignup: en['login.passkeySignup'],
};

/** "Continue with Google", as the OAuth button words it. */
export const continueWith = (provider: OAuthProvider): string => en['login.continueWith'].replace('{provider}', PROVIDERS[provider][0]);

/** Loads `host`'s config (its `proxy-url` and `config-id`) and calls `show` with its methods. */
export function loadMethods(host: Element, show: (methods: LoginMethod[]) => void): void {
  const proxyUrl = host.getAttribute('proxy-url') ?? '';
  const configId = host.getAttribute('config-id') ?? '';
  const key = `latchkey-floor:${proxyUrl}:${configId}`;
  const answer = fetch(`${proxyUrl}/v1/wallet_kit_config`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Auth-Proxy-Config-Id': configId },
    body: '{}',
  }).then((response) => (response.ok ? (response.json() as Promise<{ enabledProviders: string[] }>) : Promise.reject(new Error(`answered ${response.status}`))));
  let shown = '';
  const render = (providers: string[]): void => {
    const methods = orderLoginMethods(providers);
    if (methods.join() === shown) return;
    shown = methods.join();
    show(methods);
  };
  const kept = localStorage.getItem(key);
  if (kept) render(JSON.parse(kept) as string[]);
  void answer.then((config) => {
    render(config.enabledProviders);
    setTimeout(() => localStorage.setItem(key, JSON.stringify(config.enabledProviders)));
  });
}
