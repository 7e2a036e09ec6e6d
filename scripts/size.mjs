// Size of each public entry as a page loads it: bundled with every dependency (lit included),
// minified, code-split, and counted as the entry chunk plus the chunks it imports statically
// (lazy `import()` chunks are reported apart). min, gzip and brotli bytes per entry.
// `--check` enforces the budgets and writes .test-results/size.json for `npm test`;
// `--json` prints only JSON.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { ROOT } from './ensure-deps.mjs';

const KB = 1000;

/**
 * Each entry is a tiny module re-exporting what a page of that kind imports. Budgets are brotli
 * bytes of initial JavaScript; entries without a budget are reported only.
 */
export const ENTRIES = [
  {
    name: 'signing session',
    about: 'key store + stamper + session + Activity client: what a logged-in page needs to stamp and submit',
    source: `export { IndexedDbKeyStore } from '@/src/keys/indexed-db-key-store.ts';
export { ApiKeyStamper } from '@/src/stamp/api-key-stamper.ts';
export { SigningSession } from '@/src/session/signing-session.ts';
export { ActivityClient } from '@/src/clients/activity-client.ts';`,
    // 10 KB until the wedged-database time limit (SECURITY.md C4) and the resend of the same
    // stamped bytes after a lost answer (C6, C7) added 0.07 KB that no trim could win back.
    // Expiry timers that follow the service's clock (C8, C9) fit since result keys are derived
    // and the on-ramp rules load lazily.
    budget: 10.25 * KB,
  },
  { name: 'core (latchkey)', source: `export * from '@/src/index.ts';` },
  {
    name: 'EIP-1193 provider (latchkey/eip1193)',
    about: 'provider, errors, EIP-6963 announce, the confirmation sheet by default: its own entry, loaded by pages that hand a dapp library a provider; the sheet (<latch-confirm>, lit) and the request decoders are lazy chunks',
    source: `export * from '@/components/eip1193.ts';`,
    // 8 KB again: eth_signTransaction / eth_sendTransaction (evm-transactions.ts) and EIP-5792
    // (wallet-calls.ts) load with their first request.
    budget: 8 * KB,
  },
  {
    name: 'confirmation sheet (lazy)',
    about: '<latch-confirm> and the Ethereum request decoders: what latchkey/eip1193 loads with the first request that signs or sends (report only)',
    source: `export { LatchConfirm } from '@/components/latch-confirm/latch-confirm.ts'; export { reviewEvmRequest } from '@/src/review/evm-review.ts';`,
  },
  {
    name: 'Solana wallet (latchkey/solana)',
    about: 'Wallet Standard wallet, registration, the confirmation sheet by default: its own entry; the sheet (<latch-confirm>, lit) and the request decoders load on the first request',
    source: `export * from '@/components/solana.ts';`,
    budget: 8 * KB,
  },
  {
    name: 'App Proof verifier (lazy)',
    about: 'CBOR, DER, X.509, COSE and the checks: loaded only when a page verifies proofs',
    source: `export { verifyAppProof } from '@/src/proofs/verify-app-proof.ts';`,
  },
  { name: 'components (latchkey/components)', source: `export * from '@/components/index.ts';` },
  { name: 'define (latchkey/define)', source: `import '@/components/define.ts';` },
  { name: '<latch-auth>', about: 'the drop-in with every login method, defined', source: "import { LatchAuth } from '@/components/latch-auth/latch-auth.ts'; LatchAuth.define();", budget: 25 * KB },
  { name: '<latch-proof-badge>', about: 'App Proof badge, defined (the verifier loads lazily)', source: "import { LatchProofBadge } from '@/components/latch-proof-badge/latch-proof-badge.ts'; LatchProofBadge.define();" },
  { name: '<latch-session>', about: 'who is logged in, countdown, refresh, logout; defined', source: "import { LatchSession } from '@/components/latch-session/latch-session.ts'; LatchSession.define();" },
  { name: '<latch-signup>', about: 'email OTP sign-up with a wallet, with the OTP input and the proof badge; defined', source: "import { LatchSignup } from '@/components/latch-signup/latch-signup.ts'; LatchSignup.define();" },
  { name: '<latch-onramp>', about: 'on-ramp form and status, defined; loaded lazily by pages (report only)', source: "import { LatchOnramp } from '@/components/latch-onramp/latch-onramp.ts'; LatchOnramp.define();" },
  { name: '<latch-tx-status>', about: 'send status with revert chain / Solana error, defined; loaded lazily by pages (report only)', source: "import { LatchTxStatus } from '@/components/latch-tx-status/latch-tx-status.ts'; LatchTxStatus.define();" },
  { name: '<latch-account>', about: 'the user\'s account: contacts, passkeys, linked logins, sessions; defined; account code loads on use (report only)', source: "import { LatchAccount } from '@/components/latch-account/latch-account.ts'; LatchAccount.define();" },
  { name: '<latch-approvals>', about: 'requests waiting for this user\'s vote, approve / reject; defined; the calls load on use (report only)', source: "import { LatchApprovals } from '@/components/latch-approvals/latch-approvals.ts'; LatchApprovals.define();" },
  { name: '<latch-step-up>', about: '"Confirm it\'s you" before an action the service holds for a recent login; defined (report only)', source: "import { LatchStepUp } from '@/components/latch-step-up/latch-step-up.ts'; LatchStepUp.define();" },
  { name: '<latch-wallet>', about: 'accounts, signing, export, import, add account: the five sections below composed, defined; HPKE and Keccak load on use (report only)', source: "import { LatchWallet } from '@/components/latch-wallet/latch-wallet.ts'; LatchWallet.define();" },
  { name: '<latch-wallet-accounts>', about: 'the account list alone (paged, copy), defined (report only)', source: "import { LatchWalletAccounts } from '@/components/latch-wallet-accounts/latch-wallet-accounts.ts'; LatchWalletAccounts.define();" },
  { name: '<latch-wallet-sign>', about: 'message and EIP-712 typed-data signing with its preview, defined; the digests load on use (report only)', source: "import { LatchWalletSign } from '@/components/latch-wallet-sign/latch-wallet-sign.ts'; LatchWalletSign.define();" },
  { name: '<latch-wallet-create>', about: 'a new wallet with a name and its first account, defined (report only)', source: "import { LatchWalletCreate } from '@/components/latch-wallet-create/latch-wallet-create.ts'; LatchWalletCreate.define();" },
  { name: '<latch-wallet-export>', about: 'recovery phrase export, defined; HPKE loads on use (report only)', source: "import { LatchWalletExport } from '@/components/latch-wallet-export/latch-wallet-export.ts'; LatchWalletExport.define();" },
  { name: '<latch-wallet-send>', about: 'an Ethereum transaction sent after its review, defined; <latch-tx-status> loads on the first send (report only)', source: "import { LatchWalletSend } from '@/components/latch-wallet-send/latch-wallet-send.ts'; LatchWalletSend.define();" },
  { name: '<latch-wallet-import>', about: 'private key import, defined; HPKE loads on use (report only)', source: "import { LatchWalletImport } from '@/components/latch-wallet-import/latch-wallet-import.ts'; LatchWalletImport.define();" },
  { name: '<latch-wallet-add-account>', about: 'add an account, defined; the proof badge loads with generate-app-proofs (report only)', source: "import { LatchWalletAddAccount } from '@/components/latch-wallet-add-account/latch-wallet-add-account.ts'; LatchWalletAddAccount.define();" },
];

const compress = (bytes) => ({
  min: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

function sum(parts) {
  return parts.reduce((a, b) => ({ min: a.min + b.min, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { min: 0, gzip: 0, brotli: 0 });
}

/**
 * Bundles one entry file the way a page would load it (everything bundled, minified, split) and
 * sizes it: `initial` = the entry chunk plus every chunk it imports statically; `lazy` = the
 * rest. `initialOutputs` and `metafile` let callers look inside. Throws esbuild's error.
 */
export async function bundleEntry({ file, outdir, external = [], loader, tsconfig = join(ROOT, 'tsconfig.json') }) {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    platform: 'browser',
    outdir,
    absWorkingDir: ROOT,
    metafile: true,
    write: true,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    tsconfig,
    ...(loader ? { loader } : {}),
    // Node built-ins appear only behind dead fallbacks (@hpke/common's `import("crypto")`, under
    // the bundles' @hpke/core); they must not count, so they stay external.
    external: ['crypto', 'node:*', ...external],
  });
  const outputs = result.metafile.outputs;
  // esbuild marks dynamic-import chunks as entry points too: match our own entry file.
  const entryOut = Object.keys(outputs).find((out) => outputs[out].entryPoint === relative(ROOT, file));
  if (!entryOut) throw new Error('esbuild produced no entry chunk');
  const initial = new Set();
  const visit = (out) => {
    if (initial.has(out)) return;
    initial.add(out);
    for (const imp of outputs[out].imports) if (imp.kind === 'import-statement' && outputs[imp.path]) visit(imp.path);
  };
  visit(entryOut);
  const sizeOf = (out) => compress(readFileSync(join(ROOT, out)));
  const lazy = Object.keys(outputs).filter((out) => out.endsWith('.js') && !initial.has(out));
  return {
    initial: sum([...initial].map(sizeOf)),
    lazy: sum(lazy.map(sizeOf)),
    lazyChunks: lazy.length,
    initialOutputs: [...initial],
    metafile: result.metafile,
  };
}

export async function measure(entries = ENTRIES) {
  const work = join(ROOT, '.bench', 'size');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'entries'), { recursive: true });
  const results = [];
  for (const [index, entry] of entries.entries()) {
    const file = join(work, 'entries', `entry-${index}.ts`);
    writeFileSync(file, entry.source.replaceAll("'@/", `'${ROOT}/`) + '\n');
    try {
      const sized = await bundleEntry({ file, outdir: join(work, 'out', String(index)) });
      const inputs = sized.initialOutputs.flatMap((out) => Object.keys(sized.metafile.outputs[out].inputs ?? {}));
      results.push({
        name: entry.name,
        about: entry.about,
        budget: entry.budget,
        initial: sized.initial,
        lazy: sized.lazy,
        lazyChunks: sized.lazyChunks,
        inputs,
      });
    } catch (error) {
      results.push({ ...entry, error: (error.errors ?? []).map((e) => e.text).join('; ') || error.message });
    }
  }
  return results;
}

export function sizeTable(results) {
  const kb = (n) => (n / KB).toFixed(2);
  const rows = ['| entry | min KB | gzip KB | brotli KB | budget (brotli) | lazy chunks (brotli KB) |', '|---|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    if (r.error) {
      rows.push(`| ${r.name} | — | — | — | ${r.budget ? kb(r.budget) : ''} | build failed: ${r.error} |`);
      continue;
    }
    const budget = r.budget ? `${kb(r.budget)} ${r.initial.brotli <= r.budget ? '✓' : '✗'}` : '';
    rows.push(`| ${r.name} | ${kb(r.initial.min)} | ${kb(r.initial.gzip)} | ${kb(r.initial.brotli)} | ${budget} | ${r.lazyChunks} (${kb(r.lazy.brotli)}) |`);
  }
  return rows.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Set(process.argv.slice(2));
  const results = await measure();
  if (args.has('--json')) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    console.log(sizeTable(results));
  }
  if (args.has('--check')) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const r of results) {
      if (r.error) {
        counts.failed += 1;
        console.log(`✗ ${r.name}: does not build (${r.error})`);
      } else if (r.budget) {
        const ok = r.initial.brotli <= r.budget;
        counts[ok ? 'passed' : 'failed'] += 1;
        console.log(`${ok ? '✓' : '✗'} ${r.name}: ${r.initial.brotli} B brotli, budget ${r.budget} B`);
      }
    }
    mkdirSync(join(ROOT, '.test-results'), { recursive: true });
    writeFileSync(join(ROOT, '.test-results', 'size.json'), JSON.stringify(counts));
    if (counts.failed) process.exitCode = 1;
  }
}
