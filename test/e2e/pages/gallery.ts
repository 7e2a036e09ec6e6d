// The gallery's page: one element in one state (a "scene"), named by `?scene=`, in the language of
// `?locale=` (en, es, ar), against the emulator. Each scene makes its own kit (in-memory stores),
// so states that need a user (logged in, a wallet with accounts) sign one up first, through the
// kit as a page would. `window.__sceneReady` turns true once the state shows; a failure is
// `window.__sceneError`. test/e2e/gallery.node.test.ts checks every scene (axe, text that
// overflows its box) in each theme, language and width; `npm run gallery` also takes pictures.
import { LatchKit, type LatchKitOptions, type OAuthProvider, type WalletAccountParams } from 'latchkey';
import { ActivityClient, ApiKeyStamper, MemoryKeyStore, MemorySessionStore, noSessionChannel } from 'latchkey/signing';
import type { E2ePageConfig } from '../support/page-config.ts';
import { pageKitOptions, pageSetup, type EmulatorKeys } from './shared/boot.ts';
import { SCENE_NAMES, type SceneName } from './gallery-scenes.ts';
import type { RequestReview } from 'latchkey/solana';

declare global {
  interface Window {
    __sceneReady?: boolean;
    __sceneError?: string;
  }
}

const PROVIDERS: OAuthProvider[] = ['google', 'apple', 'facebook', 'x', 'discord'];
const ETHEREUM: WalletAccountParams = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };
const SOLANA: WalletAccountParams = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' };
/** Long enough to wrap at 390 px in every language: names and addresses must wrap, not overflow. */
const LONG_WALLET_NAME = 'Savings for the long winter, the roof repairs and everything else';

const params = new URLSearchParams(location.search);
const locale = params.get('locale') ?? 'en';
const stage = document.getElementById('stage')!;
document.documentElement.lang = locale;
document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';

let config: E2ePageConfig;
let keys: EmulatorKeys;

/** A kit of its own per scene (the test pages' options, in-memory stores, no other tabs). */
function kit(extra: Partial<LatchKitOptions> = {}): LatchKit {
  return new LatchKit({
    ...pageKitOptions(config, keys),
    keyStore: new MemoryKeyStore(),
    sessionStore: new MemorySessionStore(),
    sessionChannel: noSessionChannel,
    ...extra,
  });
}

/** A fetch whose wallet_kit_config request never answers (the loading state) or fails (the error state). */
function configFetch(mode: 'hang' | 'fail'): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/wallet_kit_config')) return fetch(input, init);
    return mode === 'hang' ? new Promise<Response>(() => undefined) : Promise.reject(new TypeError('Failed to fetch'));
  };
}

/**
 * The code sent to `contact`: the emulator keeps its outbox from other origins (this page's
 * included), so the test in Node reads it and exposes it to the page as `__latestCode`.
 */
function latestCode(contact: string): Promise<string> {
  return (window as unknown as { __latestCode: (contact: string) => Promise<string> }).__latestCode(contact);
}

/** A kit with a new user signed up by email code (a long address, as real ones can be). */
async function loggedIn(accounts: WalletAccountParams[] = []): Promise<LatchKit> {
  const k = kit();
  const email = `maximiliana.alexandra.wolfeschlegel-steinhausen.${crypto.randomUUID().slice(0, 8)}@a-rather-long-domain.example.com`;
  const { otpId } = await k.startOtp('OTP_TYPE_EMAIL', email);
  await k.completeOtp({
    otpType: 'OTP_TYPE_EMAIL',
    contact: email,
    otpId,
    otpCode: await latestCode(email),
    ...(accounts.length ? { signup: { wallet: { walletName: LONG_WALLET_NAME, accounts } } } : {}),
  });
  return k;
}

/**
 * A root user (logged in, with an Ethereum wallet) whose organization has a second user, bob,
 * with an email and an API key, and policies that need two approvals for exports and for policy
 * changes: what the pending-approval scenes start from.
 */
async function organizationWithBob(): Promise<{ root: LatchKit; bob: ActivityClient; bobEmail: string; organizationId: string }> {
  const root = await loggedIn([ETHEREUM]);
  const session = root.session!;
  const key = await new MemoryKeyStore().create();
  const bobEmail = `bob.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await session.submit('create_users', {
    users: [{ userName: 'Bartholomew Oyelaran-Whitfield', userEmail: bobEmail, userTags: [], apiKeys: [{ apiKeyName: 'bob', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
  });
  await session.submit('create_policies', {
    policies: [
      { policyName: 'exports need two', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'WALLET' && activity.action == 'EXPORT'", consensus: 'approvers.count() >= 2', notes: '' },
      { policyName: 'policy changes need two', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: 'approvers.count() >= 2', notes: '' },
    ],
  });
  const bob = new ActivityClient({ apiBaseUrl: config.apiUrl, stamper: new ApiKeyStamper(key) });
  return { root, bob, bobEmail, organizationId: session.summary!.organizationId };
}

function place<K extends keyof HTMLElementTagNameMap>(tag: K, on: LatchKit, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries({ locale, ...attributes })) el.setAttribute(name, value);
  (el as unknown as { kit: LatchKit }).kit = on;
  stage.append(el);
  return el;
}

/** The first node matching `selector` in `host`'s shadow root, else in those of the elements it renders (<latch-wallet>'s sections). */
function deepQuery(host: Element, selector: string): Element | null {
  const root = host.shadowRoot;
  if (!root) return null;
  const own = root.querySelector(selector);
  if (own) return own;
  for (const node of root.querySelectorAll('*')) {
    const found = node.shadowRoot ? deepQuery(node, selector) : null;
    if (found) return found;
  }
  return null;
}

/** Resolves once `selector` matches inside `host`'s shadow root (and `check` holds for it). */
async function shown(host: Element, selector: string, check: (el: Element) => boolean = () => true): Promise<Element> {
  for (let i = 0; i < 400; i += 1) {
    const found = deepQuery(host, selector);
    if (found && check(found)) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${host.localName}: ${selector} never showed`);
}

const hasText = (el: Element): boolean => (el.textContent ?? '').trim().length > 0;

/** Types into a drop-in's contact field and submits it, as a person would (the element checks it first). */
async function submitContact(auth: Element, method: 'email' | 'sms', value: string): Promise<void> {
  const form = (await shown(auth, `form[data-method="${method}"]`)) as HTMLFormElement;
  const input = form.querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  form.requestSubmit();
}

/**
 * <latch-confirm> asking about `review` (the sheet renders any chain's review; these are what the
 * decoders and simulations of issue 36 produce): left open, its answer never awaited.
 */
async function confirmScene(review: RequestReview): Promise<void> {
  const sheet = place('latch-confirm', kit()) as HTMLElement & { ask(review: RequestReview): Promise<boolean> };
  void sheet.ask(review);
  await shown(sheet, '[part~="changes"]');
}

const EVM_ACCOUNT = '0x7e57000000000000000000000000000000000a11';
const EVM_USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const DRAINER = '0x1111111111111111111111111111111111111111';
/** An unlimited USDC approve to a plain account (no code), simulated: the allowance set. */
const EVM_APPROVE: RequestReview = {
  action: 'send-transaction',
  origin: 'https://claim-your-airdrop.example',
  account: EVM_ACCOUNT,
  chain: { id: 'eip155:11155111', name: 'Sepolia' },
  sections: [
    { title: 'call', heading: 'approve(address,uint256)', rows: [{ label: 'token', value: EVM_USDC, format: 'address' }, { label: 'spender', value: DRAINER, format: 'address' }, { label: 'amount', value: 'Unlimited USDC', format: 'amount' }], warnings: ['unlimited-amount', 'delegation', 'no-code-spender'] },
  ],
  simulation: { changes: [{ kind: 'approval', standard: 'erc20', asset: EVM_USDC, direction: 'approve', amount: (2n ** 256n - 1n).toString(), spender: DRAINER, symbol: 'USDC', decimals: 6 }] },
  warnings: ['unlimited-amount', 'delegation', 'no-code-spender'],
};
const SOL_ACCOUNT = '7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2';
const SOL_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL_THIEF = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
/** A Solana drain as simulate-solana.ts reads it from the cluster: SOL and USDC out, a delegate, the token account handed over. */
const SOLANA_DRAIN: RequestReview = {
  action: 'send-transaction',
  origin: 'https://claim-your-airdrop.example',
  account: SOL_ACCOUNT,
  chain: { id: 'solana:devnet', name: 'Solana Devnet' },
  sections: [
    { title: 'transaction', rows: [{ label: 'version', value: '0' }, { label: 'fee-payer', value: SOL_ACCOUNT, format: 'address' }] },
    { title: 'instruction', heading: 'Token Program: setAuthority', rows: [{ label: 'account', value: 'GdnSyH3YtwcxFvQrVVJMm1JhTS4QVX7MFsX56uJLUfiZ', format: 'address' }, { label: 'new-authority', value: SOL_THIEF, format: 'address' }], warnings: ['ownership-change'] },
  ],
  simulation: {
    changes: [
      { kind: 'transfer', standard: 'native', asset: 'native', direction: 'out', amount: '-100005000', symbol: 'SOL', decimals: 9 },
      { kind: 'transfer', standard: 'spl', asset: SOL_MINT, direction: 'out', amount: '-25000000', decimals: 6 },
      { kind: 'approval', standard: 'spl', asset: SOL_MINT, direction: 'approve', amount: (2n ** 64n - 1n).toString(), spender: SOL_THIEF, decimals: 6 },
      { kind: 'owner-change', standard: 'spl', asset: SOL_MINT, direction: 'out', amount: '75000000', spender: SOL_THIEF, decimals: 6 },
      { kind: 'closed', standard: 'spl', asset: SOL_MINT, direction: 'out', amount: '0' },
    ],
  },
  warnings: ['ownership-change', 'unlimited-amount', 'delegation', 'account-closed'],
};

const SCENES: Record<SceneName, () => Promise<void>> = {
  'auth-loading': async () => void (await shown(place('latch-auth', kit({ fetch: configFetch('hang') })), '[part~="loading"]')),
  'auth-methods': async () => void (await shown(place('latch-auth', kit(), { 'signup-wallet': 'ethereum' }), '[part~="methods"]')),
  'auth-config-error': async () => void (await shown(place('latch-auth', kit({ fetch: configFetch('fail') })), '[part="error"]', hasText)),
  'auth-field-error': async () => {
    const auth = place('latch-auth', kit());
    await submitContact(auth, 'email', 'not an address');
    await shown(auth, '[part="field-error"]', hasText);
  },
  'auth-code': async () => {
    const auth = place('latch-auth', kit());
    await submitContact(auth, 'email', `code.step.${crypto.randomUUID().slice(0, 8)}@example.com`);
    const otp = await shown(auth, 'latch-otp-input');
    await shown(otp, '[part="input"]');
  },
  'auth-logged-in': async () => void (await shown(place('latch-auth', await loggedIn()), '[part="account-name"]', (el) => el.textContent!.includes('@'))),
  'auth-modal': async () => void (await shown(place('latch-auth', kit(), { modal: '', open: '' }), '[part~="methods"]')),
  'session-empty': async () => void (await shown(place('latch-session', kit()), '[part="empty"]')),
  'session-logged-in': async () => void (await shown(place('latch-session', await loggedIn()), '[part="time-left"]')),
  'wallet-signed-out': async () => void (await shown(place('latch-wallet', kit()), '[part~="signed-out"]')),
  'wallet-accounts': async () => void (await shown(place('latch-wallet', await loggedIn([ETHEREUM, SOLANA])), '[part~="address"]')),
  'onramp-signed-out': async () => void (await shown(place('latch-onramp', kit(), { sandbox: '' }), '[part~="signed-out"]')),
  'onramp-form': async () => void (await shown(place('latch-onramp', await loggedIn([ETHEREUM]), { sandbox: '', amount: '50' }), 'form')),
  'tx-status-empty': async () => void (await shown(place('latch-tx-status', await loggedIn()), '[part~="base"]')),
  'approvals-pending': async () => {
    const { root, bob, organizationId } = await organizationWithBob();
    const parameters = { policies: [{ policyName: 'A policy that waits for a second approval', effect: 'EFFECT_ALLOW' as const, condition: "activity.resource == 'NONE'", notes: '' }] };
    await bob.submitRaw('create_policies', { organizationId, parameters });
    await shown(place('latch-approvals', root), '[part~="item"]');
  },
  'wallet-export-pending': async () => {
    const { bobEmail } = await organizationWithBob();
    const bobKit = kit();
    const { otpId } = await bobKit.startOtp('OTP_TYPE_EMAIL', bobEmail);
    await bobKit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: bobEmail, otpId, otpCode: await latestCode(bobEmail) });
    const wallet = place('latch-wallet', bobKit);
    ((await shown(wallet, '[part~="export-start"]')) as HTMLElement).click();
    ((await shown(wallet, '[part~="export-confirm"]')) as HTMLElement).click();
    await wallet.updateComplete;
    ((await shown(wallet, '[part~="reveal"]')) as HTMLElement).click();
    await shown(wallet, '[part~="export-pending"]');
  },
  // "Confirm it's you" as <latch-account> and <latch-wallet> show it: the user's email offered.
  'step-up': async () => void (await shown(place('latch-step-up', await loggedIn()), '[part~="email"]')),
  signup: async () => void (await shown(place('latch-signup', kit(), { chains: 'ethereum,solana' }), 'form')),
  'otp-input': async () => void (await shown(place('latch-otp-input', kit(), { length: '6' }), '[part="input"]')),
  'otp-input-error': async () => void (await shown(place('latch-otp-input', kit(), { length: '6', invalid: '' }), '[part="error"]', hasText)),
  'passkey-button': async () => void (await shown(place('latch-passkey-button', kit(), { mode: 'signup' }), 'button')),
  'oauth-buttons': async () => {
    const k = kit();
    await Promise.all(PROVIDERS.map((provider) => shown(place('latch-oauth-button', k, { provider }), 'button')));
  },
  'proof-badge-empty': async () => void (await shown(place('latch-proof-badge', kit()), '[part~="base"]')),
  'confirm-evm-warnings': () => confirmScene(EVM_APPROVE),
  'confirm-solana-changes': () => confirmScene(SOLANA_DRAIN),
};

async function main(): Promise<void> {
  const name = params.get('scene') as SceneName;
  if (!SCENE_NAMES.includes(name)) throw new Error(`unknown scene ${name}`);
  document.getElementById('scene-title')!.textContent = name;
  ({ config, keys } = await pageSetup());
  await import('./shared/define-elements.ts');
  await SCENES[name]();
  // Fonts and the elements' last updates (a translated catalogue loads lazily) before the picture.
  await document.fonts.ready;
  await elementsSettled();
}

/** Every `latch-*` element on the page, in shadow roots too. */
function latchElements(root: ParentNode): { updateComplete: Promise<boolean> }[] {
  const out: { updateComplete: Promise<boolean> }[] = [];
  for (const node of root.querySelectorAll('*')) {
    if (node.localName.startsWith('latch-') && 'updateComplete' in node) out.push(node as unknown as { updateComplete: Promise<boolean> });
    if (node.shadowRoot) out.push(...latchElements(node.shadowRoot));
  }
  return out;
}

/**
 * Until every element has finished updating: lit's `updateComplete` is true when no update is left
 * pending, and a LatchElement's update waits for its language's catalogue. Elements an update
 * renders are found on the next round.
 */
async function elementsSettled(): Promise<void> {
  let count = -1;
  for (let round = 0; round < 50; round += 1) {
    const elements = latchElements(document);
    const done = await Promise.all(elements.map((el) => el.updateComplete));
    if (done.every(Boolean) && elements.length === count) return;
    count = elements.length;
  }
  throw new Error('the elements kept updating after 50 rounds');
}

main().then(
  () => (window.__sceneReady = true),
  (error: unknown) => {
    window.__sceneError = String((error as Error)?.stack ?? error);
  },
);
