/**
 * "Each element alone": one card per latch-* element, each given the selected configuration's
 * kit through its `kit` property (the object-property way; `proxy-url` + `config-id` or
 * `configure()` work too). Methods the configuration does not enable get a note instead.
 */
import type { LatchKit, WalletKitConfig } from 'latchkey';
import { demoText } from './demo-text.ts';

type Build = (kit: LatchKit, config: WalletKitConfig) => Node[];

const OAUTH_PROVIDERS = ['google', 'apple', 'facebook', 'x', 'discord'] as const;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, kit: LatchKit, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  (el as unknown as { kit: LatchKit }).kit = kit;
  return el;
}

function note(text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = 'muted';
  p.textContent = text;
  return p;
}

type CardTag = 'latch-session' | 'latch-account' | 'latch-signup' | 'latch-passkey-button' | 'latch-oauth-button' | 'latch-otp-input' | 'latch-wallet' | 'latch-onramp' | 'latch-tx-status';

/** One card per element; what it shows is `card.<tag>` in demo-text.ts, in the page's language. */
const CARDS: [tag: CardTag, build: Build][] = [
  ['latch-session', (kit) => [element('latch-session', kit)]],
  ['latch-account', (kit) => [element('latch-account', kit)]],
  [
    'latch-signup',
    (kit, config) =>
      config.enabledProviders.includes('email')
        ? [element('latch-signup', kit, { chains: 'ethereum,solana', 'generate-app-proofs': '' })]
        : [note(demoText('noEmail'))],
  ],
  [
    'latch-passkey-button',
    (kit, config) =>
      config.enabledProviders.includes('passkey')
        ? [element('latch-passkey-button', kit, { mode: 'signup', 'signup-wallet': 'ethereum' })]
        : [note(demoText('noPasskey'))],
  ],
  [
    'latch-oauth-button',
    (kit, config) => {
      const enabled = OAUTH_PROVIDERS.filter((p) => config.enabledProviders.includes(p));
      return enabled.length ? enabled.map((provider) => element('latch-oauth-button', kit, { provider, 'signup-wallet': 'ethereum' })) : [note(demoText('noOauth'))];
    },
  ],
  ['latch-otp-input', (kit, config) => otpAlone(kit, config)],
  // The emulator's local chains (npm start runs them): Sepolia's id for Ethereum and devnet's for
  // Solana, so the wallet's balances are the chains' (the default, mainnet, has no local chain).
  ['latch-wallet', (kit) => [element('latch-wallet', kit, { 'chain-id': '11155111', 'solana-chain': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' })]],
  ['latch-onramp', (kit) => [element('latch-onramp', kit, { sandbox: '', amount: '50' })]],
  ['latch-tx-status', (kit) => txStatus(kit)],
];

function otpAlone(kit: LatchKit, config: WalletKitConfig): Node[] {
  const otp = element('latch-otp-input', kit, { length: String(Number(config.otpLength) || 6), 'resend-cooldown': '10' });
  if (config.otpAlphanumeric) otp.setAttribute('alphanumeric', '');
  const output = document.createElement('output');
  output.textContent = demoText('typeCode');
  otp.addEventListener('latch-otp-complete', (event) => (output.textContent = `latch-otp-complete: ${event.detail.code}`));
  otp.addEventListener('latch-otp-resend', () => (output.textContent = 'latch-otp-resend'));
  return [otp, output];
}

function txStatus(kit: LatchKit): Node[] {
  const form = document.createElement('form');
  const input = document.createElement('input');
  input.placeholder = demoText('txId');
  input.setAttribute('aria-label', demoText('txId'));
  const button = document.createElement('button');
  button.type = 'submit';
  button.className = 'secondary';
  button.textContent = demoText('follow');
  form.append(input, button);
  const status = element('latch-tx-status', kit);
  status.hidden = true;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    status.setAttribute('status-id', input.value.trim());
    status.hidden = false;
  });
  return [form, status];
}

/** Replaces `host`'s cards with new elements bound to `kit`. */
export function renderGallery(host: HTMLElement, kit: LatchKit, config: WalletKitConfig): void {
  host.replaceChildren(
    ...CARDS.map(([tag, build]) => {
      const card = document.createElement('article');
      card.className = 'card';
      const title = document.createElement('h3');
      const code = document.createElement('code');
      code.textContent = `<${tag}>`;
      title.append(code);
      card.append(title, note(demoText(`card.${tag}`)), ...build(kit, config));
      return card;
    }),
  );
}
