/**
 * "Each element alone": one card per latch-* element, each given the selected configuration's
 * kit through its `kit` property (the object-property way; `proxy-url` + `config-id` or
 * `configure()` work too). Methods the configuration does not enable get a note instead.
 */
import type { LatchKit, WalletKitConfig } from 'latchkey';

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

const CARDS: [tag: string, about: string, build: Build][] = [
  ['latch-session', 'Who is logged in, time left, refresh and log out.', (kit) => [element('latch-session', kit)]],
  [
    'latch-signup',
    'A new account with an Ethereum and a Solana address, and the App Proofs of both.',
    (kit, config) =>
      config.enabledProviders.includes('email')
        ? [element('latch-signup', kit, { chains: 'ethereum,solana', 'generate-app-proofs': '' })]
        : [note('This configuration does not enable email codes.')],
  ],
  [
    'latch-passkey-button',
    'Sign up with a new passkey (the drop-in also offers passkey login).',
    (kit, config) =>
      config.enabledProviders.includes('passkey')
        ? [element('latch-passkey-button', kit, { mode: 'signup', 'signup-wallet': 'ethereum' })]
        : [note('This configuration does not enable passkeys.')],
  ],
  [
    'latch-oauth-button',
    'Each enabled provider, through the emulator\u2019s own consent page in a popup.',
    (kit, config) => {
      const enabled = OAUTH_PROVIDERS.filter((p) => config.enabledProviders.includes(p));
      return enabled.length ? enabled.map((provider) => element('latch-oauth-button', kit, { provider, 'signup-wallet': 'ethereum' })) : [note('No OAuth provider in this configuration.')];
    },
  ],
  ['latch-otp-input', 'The code boxes alone (paste, arrows, resend); it only reports the code.', (kit, config) => otpAlone(kit, config)],
  ['latch-wallet', 'Accounts (paged), copy, sign a message, reveal the recovery phrase, import a key.', (kit) => [element('latch-wallet', kit)]],
  ['latch-onramp', 'Buy crypto through the emulator\u2019s sandbox provider.', (kit) => [element('latch-onramp', kit, { sandbox: '', amount: '50' })]],
  ['latch-tx-status', 'Follows a sent transaction: paste a status id.', (kit) => txStatus(kit)],
];

function otpAlone(kit: LatchKit, config: WalletKitConfig): Node[] {
  const otp = element('latch-otp-input', kit, { length: String(Number(config.otpLength) || 6), 'resend-cooldown': '10' });
  if (config.otpAlphanumeric) otp.setAttribute('alphanumeric', '');
  const output = document.createElement('output');
  output.textContent = 'Type or paste a code.';
  otp.addEventListener('latch-otp-complete', (event) => (output.textContent = `latch-otp-complete: ${event.detail.code}`));
  otp.addEventListener('latch-otp-resend', () => (output.textContent = 'latch-otp-resend'));
  return [otp, output];
}

function txStatus(kit: LatchKit): Node[] {
  const form = document.createElement('form');
  const input = document.createElement('input');
  input.placeholder = 'send transaction status id';
  input.setAttribute('aria-label', 'Send transaction status id');
  const button = document.createElement('button');
  button.type = 'submit';
  button.className = 'secondary';
  button.textContent = 'Follow';
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
    ...CARDS.map(([tag, about, build]) => {
      const card = document.createElement('article');
      card.className = 'card';
      const title = document.createElement('h3');
      const code = document.createElement('code');
      code.textContent = `<${tag}>`;
      title.append(code);
      card.append(title, note(about), ...build(kit, config));
      return card;
    }),
  );
}
