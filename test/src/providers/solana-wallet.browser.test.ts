// latchkey/solana in a real browser against the emulator the test runner started: an email OTP
// sign-up with a Solana account (the session key a non-extractable WebCrypto key of this
// browser), the wallet registered on window, and @wallet-standard/app's getWallets() finding it.
// What it signs is checked by code this project did not write: tweetnacl (Ed25519) and
// @solana/kit's verifySignature (WebCrypto Ed25519) for a message; for legacy and v0
// transactions compiled by @solana/kit, kit's transaction decoder and verifySignature over the
// message bytes it compiled. A send is followed to the emulator's status; a "no" from the hook is
// the wallets' rejection with nothing reaching the emulator; a logout empties the accounts.
// (@solana/web3.js checks the same signatures in the Node test: its browser build is CommonJS
// underneath, which this test server does not convert.)
import { describe, it, before, after, expect } from '../../support/harness.ts';
import { SOL_ACCOUNT, signUpWithKit, testKit, uniqueEmail } from '../../components/support/emulator-kit.ts';
import 'tweetnacl';
import { getWallets } from '@wallet-standard/app';
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Blockhash,
  type SignatureBytes,
} from '@solana/kit';
import { getTransferCheckedInstruction } from '@solana-program/token';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { registerSolanaWallet, type RegisteredSolanaWallet } from '../../../src/providers/solana.ts';
import type { RequestReview } from '../../../src/review/request-review.ts';

declare global {
  interface Window {
    __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string; oauthUrl: string } | null;
  }
}

/** tweetnacl's UMD build sets self.nacl when loaded as a module. */
const nacl = (self as unknown as { nacl: { sign: { detached: { verify(message: Uint8Array, signature: Uint8Array, key: Uint8Array): boolean } } } }).nacl;

type Account = { address: string; publicKey: Uint8Array };
type Features = {
  'standard:connect': { connect(): Promise<{ accounts: readonly Account[] }> };
  'standard:events': { on(event: 'change', listener: (change: { accounts?: readonly Account[] }) => void): () => void };
  'solana:signMessage': { signMessage(...inputs: { account: Account; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]> };
  'solana:signTransaction': { signTransaction(...inputs: { account: Account; transaction: Uint8Array; chain?: string }[]): Promise<readonly { signedTransaction: Uint8Array }[]> };
  'solana:signAndSendTransaction': { signAndSendTransaction(...inputs: { account: Account; transaction: Uint8Array; chain: string }[]): Promise<readonly { signature: Uint8Array }[]> };
};

const randomAddress = () => address(getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(32))));

/** A Token transferChecked compiled by @solana/kit with `payer` as fee payer and authority, unsigned, in wire form. */
function compiled(payer: string, version: 'legacy' | 0): Uint8Array {
  const signer = createNoopSigner(address(payer));
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(address(payer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: randomAddress() as unknown as Blockhash, lastValidBlockHeight: 1n }, m),
    (m) => appendTransactionMessageInstructions([getTransferCheckedInstruction({ source: randomAddress(), mint: randomAddress(), destination: randomAddress(), authority: signer, amount: 2_500_000n, decimals: 6 })], m),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}

describe('latchkey/solana in the browser (emulator)', () => {
  const urls = window.__LATCHKEY_EMULATOR__!;
  let kit: LatchKit;
  let session: SigningSession;
  let registered: RegisteredSolanaWallet;
  let account: Account;
  const reviews: RequestReview[] = [];
  let answer = true;
  const features = () => registered.wallet.features as unknown as Features;
  const newest = async () => (await session.query('list_activities', { paginationOptions: { limit: '1' } })).activities[0]?.id;

  before(async () => {
    expect(urls, 'the test runner started an emulator').to.not.equal(null);
    // A kit of its own against the emulator, and an email sign-up with one Solana account.
    kit = await testKit();
    const login = await signUpWithKit(kit, { email: uniqueEmail('solana.browser'), wallet: { walletName: 'Main', accounts: [SOL_ACCOUNT] } });
    session = login.session;
    registered = registerSolanaWallet({ session, approve: (review) => (reviews.push(review), answer), sendStatusPolling: { initialDelayMs: 10 } });
  });

  after(() => {
    registered?.unregister();
    kit?.dispose();
  });

  it('getWallets() finds it on window; connect gives the signed-up Solana account', async () => {
    const found = getWallets().get().filter((w) => (w as unknown) === registered.wallet);
    expect(found.length).to.equal(1);
    expect(found[0]!.chains).to.deep.equal(['solana:mainnet', 'solana:devnet']);
    const { accounts } = await features()['standard:connect'].connect();
    expect(accounts.length).to.equal(1);
    account = accounts[0]!;
    expect([...getBase58Encoder().encode(account.address)]).to.deep.equal([...account.publicKey]);
  });

  it('signMessage: tweetnacl and @solana/kit verify the signature against the account\u2019s key; the review showed the text', async () => {
    reviews.length = 0;
    const message = new TextEncoder().encode('Sign in to this page: nonce 51f0');
    const [out] = await features()['solana:signMessage'].signMessage({ account, message });
    expect(nacl.sign.detached.verify(message, out!.signature, account.publicKey)).to.equal(true);
    expect(await verifySignature(await getPublicKeyFromAddress(address(account.address)), out!.signature as SignatureBytes, message)).to.equal(true);
    expect(reviews.map((r) => [r.action, r.origin, r.message?.text])).to.deep.equal([['sign-message', location.origin, 'Sign in to this page: nonce 51f0']]);
  });

  it('signTransaction, legacy and v0 compiled by @solana/kit: the same message, and a signature kit verifies', async () => {
    reviews.length = 0;
    const inputs = [compiled(account.address, 'legacy'), compiled(account.address, 0)];
    const outs = await features()['solana:signTransaction'].signTransaction(...inputs.map((transaction) => ({ account, transaction })));
    const key = await getPublicKeyFromAddress(address(account.address));
    for (const [i, out] of outs.entries()) {
      const before = getTransactionDecoder().decode(inputs[i]!);
      const after = getTransactionDecoder().decode(out.signedTransaction);
      expect([...after.messageBytes]).to.deep.equal([...before.messageBytes]);
      const signature = after.signatures[address(account.address)];
      expect(signature, 'the account\u2019s slot is filled').to.not.equal(null);
      expect(await verifySignature(key, signature!, after.messageBytes)).to.equal(true);
    }
    expect(reviews.map((r) => [r.sections[0]!.rows[0]!.value, r.sections[1]!.heading, r.sections[1]!.rows.find((row) => row.label === 'amount')!.value])).to.deep.equal([
      ['legacy', 'Token Program: transferChecked', '2.5'],
      ['0', 'Token Program: transferChecked', '2.5'],
    ]);
  });

  it('signAndSendTransaction: the signature is the one the emulator\u2019s send status gives', async () => {
    const [out] = await features()['solana:signAndSendTransaction'].signAndSendTransaction({ account, transaction: compiled(account.address, 0), chain: 'solana:devnet' });
    const activity = (await session.query('list_activities', { paginationOptions: { limit: '1' } })).activities[0]!;
    expect(activity.type).to.equal('ACTIVITY_TYPE_SOL_SEND_TRANSACTION');
    const id = (activity.result.solSendTransactionResult as { sendTransactionStatusId: string }).sendTransactionStatusId;
    const status = await session.query('get_send_transaction_status', { sendTransactionStatusId: id });
    expect(status.txStatus).to.equal('INCLUDED');
    expect([...out!.signature]).to.deep.equal([...getBase58Encoder().encode(status.solana!.signature)]);
  });

  it('a "no" from the hook: ERR_WALLET_REJECTED, "User rejected the request.", and nothing reaches the emulator', async () => {
    const before = await newest();
    answer = false;
    try {
      for (const call of [
        () => features()['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode('no') }),
        () => features()['solana:signTransaction'].signTransaction({ account, transaction: compiled(account.address, 'legacy') }),
        () => features()['solana:signAndSendTransaction'].signAndSendTransaction({ account, transaction: compiled(account.address, 0), chain: 'solana:mainnet' }),
      ]) {
        let error: { code?: string; message?: string } | undefined;
        await call().catch((e: unknown) => (error = e as typeof error));
        expect(error?.code).to.equal('ERR_WALLET_REJECTED');
        expect(error?.message).to.equal('User rejected the request.');
      }
    } finally {
      answer = true;
    }
    expect(await newest()).to.equal(before);
  });

  it('a logout empties the accounts, with one change', async () => {
    const changes: number[] = [];
    features()['standard:events'].on('change', (change) => changes.push(change.accounts!.length));
    await kit.logout();
    expect(changes).to.deep.equal([0]);
    expect(registered.wallet.accounts.length).to.equal(0);
  });
});
