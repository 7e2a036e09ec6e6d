/**
 * `latchkey-emulator` / `npm run emulator -- …`: runs the emulator until SIGINT or SIGTERM.
 * Exit codes: 0 stopped, 1 could not start (corrupt data file, port taken), 2 bad arguments.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isLatchError } from '../../src/errors/latch-error.ts';
import { createEmulator } from './emulator.ts';
import { parseCliArgs, USAGE } from './cli-args.ts';
import type { CliArgs } from './cli-args.ts';
import type { Chains } from './chains/chains.ts';

function readConfigFile(path: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    console.error(`latchkey-emulator: cannot read --config ${path} as JSON.`);
    process.exit(2);
  }
  if (!Array.isArray(parsed)) {
    console.error(`latchkey-emulator: --config ${path} must hold a JSON array of proxy configurations.`);
    process.exit(2);
  }
  return parsed;
}

/** The banner's chain lines: each chain's RPC URL, or why a chain asked for is off. */
function chainLines(chains: Chains | undefined): string {
  if (!chains) return '\n  chains          off (--chains off)';
  const doc = chains.document();
  const lines = [`  chains          ${chains.option}: GET /__chains, POST /__faucet`];
  for (const evm of doc.evm) lines.push(`  ${evm.caip2.padEnd(16)}${evm.rpcUrl}   ${evm.name}`);
  if (doc.solana) lines.push(`  ${'solana'.padEnd(16)}${doc.solana.rpcUrl}   ws ${doc.solana.wsUrl}   ${doc.solana.caip2}`);
  for (const down of doc.down ?? []) lines.push(`  ${down.chain.padEnd(16)}OFF: ${down.reason}`);
  return `\n${lines.join('\n')}`;
}

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`latchkey-emulator: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const emulator = createEmulator({
    host: args.host,
    port: args.port,
    ...(args.proxyPort !== undefined ? { proxyPort: args.proxyPort } : {}),
    ...(args.dataFile ? { dataFile: resolve(args.dataFile) } : {}),
    ...(args.configFile ? { proxyConfigs: readConfigFile(args.configFile) } : {}),
    ...(args.devFixedOtp ? { devFixedOtp: args.devFixedOtp } : {}),
    devOrigins: args.devOrigins,
    quiet: args.quiet,
    rootApiKeys: args.apiKeys,
    chains: args.chains,
    stepUp: args.stepUpMinutes === 0 ? false : { credentials: args.stepUpCredentials, ...(args.stepUpMinutes ? { maxAgeSeconds: args.stepUpMinutes * 60 } : {}) },
  });
  let urls;
  try {
    urls = await emulator.start();
  } catch (error) {
    const message = isLatchError(error) || (error instanceof Error && 'code' in error) ? error.message : String(error);
    console.error(`latchkey-emulator: ${message}`);
    await emulator.stop().catch(() => undefined);
    process.exit(1);
  }
  if (args.host !== '127.0.0.1' && args.host !== 'localhost' && args.host !== '::1') {
    console.warn(`latchkey-emulator: listening on ${args.host}, beyond loopback. It holds keys in the clear: keep it off untrusted networks.`);
  }
  if (args.devFixedOtp) console.warn('latchkey-emulator: --dev-fixed-otp is set: every OTP code is the same. Development only.');
  console.log(`Latchkey emulator
  Activity API  ${urls.apiUrl}
  auth proxy    ${urls.proxyUrl}   (X-Auth-Proxy-Config-Id: demo)
  OAuth         ${urls.oauthUrl}
  keys          ${urls.apiUrl}/__keys
  organization  ${emulator.state.read.proxyBindings.get('demo')?.organizationId ?? ''}   (configuration demo${args.apiKeys.length ? `; root user's API keys: ${args.apiKeys.length} from --api-key` : ''})
  OTP outbox    ${urls.apiUrl}/__outbox
  state         ${args.dataFile ? resolve(args.dataFile) : 'in memory'}${chainLines(emulator.context.chains)}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await emulator.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
