// The demo page: email OTP sign-up and login against the local emulator with the core alone
// (the latch-* elements replace this form when they land), then a signature from the wallet.
import {
  IndexedDbKeyStore,
  LatchError,
  ProxyClient,
  SigningSession,
  completeOtp,
  startOtp,
} from 'latchkey';

declare const __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string } | null;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = (text: string) => ($('status').textContent = text);
const show = (id: string, visible: boolean) => ($(id).hidden = !visible);

async function main(): Promise<void> {
  const urls = __LATCHKEY_EMULATOR__;
  if (!urls) {
    status('The emulator is not running: start the demo with `npm start`.');
    return;
  }
  const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as { notarizerPublicKey: string; enclavePublicKey: string };
  const proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'demo' });
  const keyStore = new IndexedDbKeyStore({ dbName: 'latchkey-demo' });
  const sessionOptions = { keyStore, notarizerPublicKey: keys.notarizerPublicKey, enclavePublicKey: keys.enclavePublicKey, apiBaseUrl: urls.apiUrl };
  let session: SigningSession | undefined;
  let otpId = '';

  const refreshOutbox = async () => {
    const { messages } = (await (await fetch(`${urls.apiUrl}/__outbox`)).json()) as { messages: { to?: string; code: string }[] };
    $('outbox').textContent = messages.slice(0, 5).map((m) => `${m.to ?? ''}  ${m.code}`).join('\n') || '(empty)';
  };

  const showSession = (s: SigningSession) => {
    session = s;
    const summary = s.summary!;
    $('session-info').textContent = `organization ${summary.organizationId}\nuser ${summary.userId}\nexpires ${new Date(summary.expiresAt).toLocaleTimeString()}`;
    show('contact-form', false);
    show('code-form', false);
    show('session', true);
    status('Logged in.');
  };

  const fail = (error: unknown) => status(error instanceof LatchError ? `${error.message} (${error.code})` : 'Something went wrong.');

  try {
    showSession(await SigningSession.restore(sessionOptions));
  } catch {
    show('contact-form', true);
    status('Log in or sign up with an email code.');
  }
  await refreshOutbox();

  $('contact-form').addEventListener('submit', (event) => {
    event.preventDefault();
    startOtp({ proxy }, { otpType: 'OTP_TYPE_EMAIL', contact: $<HTMLInputElement>('email').value })
      .then(async (answer) => {
        otpId = answer.otpId;
        show('code-form', true);
        $('code').focus();
        status('Code sent.');
        await refreshOutbox();
      })
      .catch(fail);
  });

  $('code-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const wallet = {
      walletName: 'Demo wallet',
      accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
    } as const;
    completeOtp(
      { proxy, keyStore },
      { otpType: 'OTP_TYPE_EMAIL', contact: $<HTMLInputElement>('email').value, otpId, otpCode: $<HTMLInputElement>('code').value, signup: { wallet: { ...wallet, accounts: [...wallet.accounts] } } },
    )
      .then((login) => SigningSession.fromJwt(login.sessionJwt, { ...sessionOptions, key: login.key }))
      .then(showSession)
      .catch(fail);
  });

  $('sign').addEventListener('click', () => {
    if (!session) return;
    const current = session;
    current
      .listWalletAccounts()
      .then(([account]) => {
        if (!account) throw new LatchError('ERR_FLOW_STATE', 'This account has no wallet.');
        return current.signRawPayload({
          signWith: account.address,
          payload: 'Hello from Latchkey',
          encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        });
      })
      .then((sig) => ($('signature').textContent = `r ${sig.r}\ns ${sig.s}\nv ${sig.v}`))
      .catch(fail);
  });

  $('logout').addEventListener('click', () => {
    session?.logout().then(() => {
      session = undefined;
      show('session', false);
      show('contact-form', true);
      status('Logged out.');
    }, fail);
  });
}

main().catch(() => status('The demo could not start: is the emulator running?'));
