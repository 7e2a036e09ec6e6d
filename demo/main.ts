// The demo page (`npm start`): the drop-in, each element alone, a switch between the demo's
// wallet_kit_configs, and the emulator's OTP outbox, webhook log and the elements' events beside
// them. Everything talks to the local emulator; the page runs under a strict
// Content-Security-Policy (no inline script or style, Trusted Types required).
import 'latchkey/define';
import { LatchKit, type OAuthProvider, type WalletKitConfig } from 'latchkey';
import { DEMO_CONFIGS } from './demo-configs.ts';
import { DEMO_SETTINGS_PATH, type DemoSettings } from './demo-settings.ts';
import { demoLanguage, demoText, fillText, isRtlLanguage, localizePage, type DemoTextKey } from './demo-text.ts';
import { renderGallery } from './element-gallery.ts';
import { mountApiReference } from './api-reference.ts';
import { pollEmulator } from './emulator-panels.ts';
import { renderLog, timeOf, type LogItem } from './log-list.ts';
import { mountChainSend } from './chain-send-panel.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;
/** The status line, in the page's language; `{id}` values are isolated (`<bdi>`). */
const status = (key: DemoTextKey, values?: Record<string, string>): void => fillText($('status'), key, values);

const PROVIDERS: OAuthProvider[] = ['google', 'apple', 'facebook', 'x', 'discord'];
const EVENTS = ['latch-login', 'latch-logout', 'latch-error', 'latch-session-expiring', 'latch-cancel', 'latch-copy', 'latch-sign', 'latch-export', 'latch-import', 'latch-add-account', 'latch-onramp-start', 'latch-onramp-status', 'latch-send', 'latch-tx-status'];

declare global {
  interface Window {
    /** The kit of the selected configuration (for poking at it from the console). */
    latchkit?: LatchKit;
  }
}

interface Keys {
  notarizerPublicKey: string;
  enclavePublicKey: string;
  otpEncryptionSignerPublicKey: string;
}

/** Element events, newest first, with what is safe to show (ids, codes, statuses: never keys). Returns a re-render (after a language switch). */
function watchEvents(list: HTMLElement): () => void {
  const items: LogItem[] = [];
  const summary = (event: Event): string => {
    const detail = (event as CustomEvent<Record<string, unknown> | null>).detail ?? {};
    const error = detail['error'] as { code?: string } | undefined;
    if (error?.code) return error.code;
    const session = detail['session'] as { userId?: string } | undefined;
    if (session?.userId) return `${detail['created'] ? 'signed up' : 'logged in'} as ${session.userId.slice(0, 8)}…`;
    for (const key of ['status', 'address', 'walletId', 'transactionId', 'code']) if (typeof detail[key] === 'string') return `${key} ${detail[key] as string}`;
    return '';
  };
  for (const type of EVENTS) {
    document.addEventListener(type, (event) => {
      items.unshift({ title: type, text: summary(event), when: timeOf(Date.now()), ...(type === 'latch-error' ? { tone: 'failed' as const } : {}) });
      renderLog(list, items.slice(0, 12), demoText('nothingYet'));
    });
  }
  const render = (): void => renderLog(list, items.slice(0, 12), demoText('nothingYet'));
  render();
  return render;
}

function fillSwitch(select: HTMLSelectElement, selected: string): void {
  select.replaceChildren(
    ...DEMO_CONFIGS.map(({ id }) => {
      const option = document.createElement('option');
      option.value = id;
      option.textContent = demoText(`config.${id}`);
      option.selected = id === selected;
      return option;
    }),
  );
}

async function main(): Promise<void> {
  let settings: DemoSettings;
  try {
    settings = (await (await fetch(DEMO_SETTINGS_PATH, { cache: 'no-store' })).json()) as DemoSettings;
  } catch {
    status('notRunning');
    return;
  }
  const keys = (await (await fetch(`${settings.apiUrl}/__keys`)).json()) as Keys;
  const select = $<HTMLSelectElement>('config');
  const wanted = new URLSearchParams(location.search).get('config');
  let current = DEMO_CONFIGS.some((c) => c.id === wanted) ? wanted! : DEMO_CONFIGS[0]!.id;
  let kit: LatchKit | undefined;
  fillSwitch(select, current);
  const renderEvents = watchEvents($('events'));
  pollEmulator(settings.apiUrl, $('outbox'), $('webhooks'));

  const mount = async (configId: string): Promise<void> => {
    kit?.dispose();
    kit = new LatchKit({
      proxyUrl: settings.proxyUrl,
      configId,
      apiBaseUrl: settings.apiUrl,
      notarizerPublicKey: keys.notarizerPublicKey,
      enclavePublicKey: keys.enclavePublicKey,
      // The current OTP generation: the code is sealed to the emulator's enclave target.
      otpEncryptionSignerPublicKey: keys.otpEncryptionSignerPublicKey,
      // The emulator's built-in provider stands in for Google, Apple, Facebook, X and Discord.
      oauthAuthorizeUrls: Object.fromEntries(PROVIDERS.map((p) => [p, `${settings.oauthUrl}/${p}/authorize`])),
      oauthTokenUrls: { facebook: `${settings.oauthUrl}/facebook/token` },
      oauthRedirectUri: `${location.origin}/oauth-callback.html`,
    });
    window.latchkit = kit;
    status('loadingConfig');
    let config: WalletKitConfig;
    try {
      // Forced: the elements theme themselves from the kit's config store, which follows the latest load.
      config = await kit.loadConfig({ force: true });
    } catch {
      status('noAnswer');
      return;
    }
    await kit.restoreSession().catch(() => null);
    // The page speaks the configuration's language, in its direction, as its elements do.
    const language = demoLanguage(config.locale);
    localizePage(language);
    fillSwitch(select, configId);
    renderEvents();
    const known = DEMO_CONFIGS.find((c) => c.id === configId);
    $('config-description').textContent = known ? demoText(`config.${known.id}.about`) : '';
    document.documentElement.dataset['config'] = configId;

    const auth = document.createElement('latch-auth');
    auth.kit = kit;
    auth.setAttribute('signup-wallet', 'ethereum,solana');
    // The demo's own line under the drop-in, in the configuration's language and direction.
    const legal = document.createElement('p');
    legal.slot = 'legal';
    legal.lang = language;
    legal.dir = isRtlLanguage(language) ? 'rtl' : 'ltr';
    legal.textContent = demoText('demoOnly');
    auth.append(legal);
    $('dropin').replaceChildren(auth);
    $('dialog-host').replaceChildren();
    renderGallery($('gallery'), kit, config);
    // The local chains (anvil, Solana): their RPC URLs from /__chains are the send element's rpc-url.
    void mountChainSend($('chain-send'), kit, settings.apiUrl);
    const organization = kit.session?.summary?.organizationId;
    if (organization) status('restored', { id: `${organization.slice(0, 8)}…` });
    else status('ready');
  };

  select.addEventListener('change', () => {
    current = select.value;
    const url = new URL(location.href);
    url.searchParams.set('config', current);
    history.replaceState(null, '', url);
    void mount(current);
  });
  $('config-form').addEventListener('submit', (event) => event.preventDefault());

  $('open-dialog').addEventListener('click', () => {
    if (!kit) return;
    const dialog = document.createElement('latch-auth');
    dialog.kit = kit;
    dialog.setAttribute('signup-wallet', 'ethereum,solana');
    dialog.modal = true;
    dialog.open = true;
    dialog.addEventListener('latch-cancel', () => dialog.remove());
    dialog.addEventListener('latch-login', () => dialog.remove());
    $('dialog-host').replaceChildren(dialog);
  });

  document.addEventListener('latch-login', (event) => status(event.detail.created ? 'signedUp' : 'loggedIn', { id: `${event.detail.session.userId.slice(0, 8)}…` }));
  document.addEventListener('latch-logout', () => status('loggedOut'));
  mountApiReference($('api') as HTMLDetailsElement, $('api-body'), () => kit);
  await mount(current);
}

main().catch((error: unknown) => {
  status('failed');
  console.error(error);
});
