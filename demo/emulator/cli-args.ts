/** Command-line arguments of the emulator (pure, so tests can check them). */
import { LatchError } from '../../src/errors/latch-error.ts';
import { CHAINS_OPTIONS } from './chains/chains.ts';
import type { ChainsOption } from './chains/chains.ts';

export interface CliArgs {
  help: boolean;
  host: string;
  port: number;
  proxyPort?: number;
  dataFile?: string;
  configFile?: string;
  devFixedOtp?: string;
  /** `--dev-origin URL`, repeatable: pages that may read /__outbox and /__webhooks. */
  devOrigins: string[];
  quiet: boolean;
  /** `--step-up-minutes N`: how recent a login export (and credential changes) need; 0: off. */
  stepUpMinutes?: number;
  /** `--step-up-credentials`: adding and removing credentials need a fresh login too. */
  stepUpCredentials: boolean;
  /** `--api-key PUBLIC_KEY_HEX`, repeatable: API keys of the `demo` organization's root user (lowercase). */
  apiKeys: string[];
  /** `--chains all|evm|solana|off`: the local chains to start (default all). */
  chains: ChainsOption;
}

export const DEFAULT_PORT = 8787;

export const USAGE = `Usage: latchkey-emulator [options]

  --port N            Activity API port (default ${DEFAULT_PORT}); the auth proxy takes N+1
  --proxy-port N      auth proxy port (default: --port + 1)
  --host HOST         interface to bind (default 127.0.0.1, loopback only)
  --data FILE         keep the state in FILE (written atomically on every change)
  --config FILE       JSON array of extra auth proxy configurations
  --dev-fixed-otp C   every OTP code is C (development only: never expose this emulator)
  --dev-origin URL    a page origin that may read /__outbox and /__webhooks (repeatable; exact)
  --step-up-minutes N export needs a login in the last N minutes or a passkey (default 10; 0: off)
  --step-up-credentials  so do adding and removing passkeys, OAuth logins and API keys
  --api-key HEX       an API key (compressed P-256 public key, 66 hex digits) of the demo
                      organization's root user, for the hosted SDKs' API key stamper (repeatable)
  --chains WHICH      local chains to start: all (default), evm (anvil), solana (LiteSVM) or off
  --quiet             no console line per OTP
  --help              this text`;

const bad = (message: string) => new LatchError('ERR_CONFIG_INVALID', message);

function port(value: string | undefined, flag: string): number {
  if (value === undefined || !/^\d{1,5}$/.test(value) || Number(value) > 65535) throw bad(`${flag} takes a port number from 0 to 65535.`);
  return Number(value);
}

function text(value: string | undefined, flag: string): string {
  if (value === undefined || value === '' || value.startsWith('--')) throw bad(`${flag} takes a value.`);
  return value;
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { help: false, host: '127.0.0.1', port: DEFAULT_PORT, devOrigins: [], quiet: false, stepUpCredentials: false, apiKeys: [], chains: 'all' };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const next = () => argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        args.help = true;
        break;
      case '--port':
        args.port = port(next(), flag);
        break;
      case '--proxy-port':
        args.proxyPort = port(next(), flag);
        break;
      case '--host':
        args.host = text(next(), flag);
        break;
      case '--data':
        args.dataFile = text(next(), flag);
        break;
      case '--config':
        args.configFile = text(next(), flag);
        break;
      case '--dev-fixed-otp': {
        const code = text(next(), flag);
        if (!/^[0-9A-Za-z]{6,9}$/.test(code)) throw bad('--dev-fixed-otp takes 6 to 9 letters or digits.');
        args.devFixedOtp = code;
        break;
      }
      case '--dev-origin':
        args.devOrigins.push(text(next(), flag));
        break;
      case '--quiet':
        args.quiet = true;
        break;
      case '--step-up-minutes': {
        const value = next();
        if (value === undefined || !/^\d{1,4}$/.test(value)) throw bad('--step-up-minutes takes a whole number of minutes (0 turns step-up off).');
        args.stepUpMinutes = Number(value);
        break;
      }
      case '--chains': {
        const value = next();
        if (!CHAINS_OPTIONS.includes(value as ChainsOption)) throw bad(`--chains takes one of ${CHAINS_OPTIONS.join(', ')}.`);
        args.chains = value as ChainsOption;
        break;
      }
      case '--step-up-credentials':
        args.stepUpCredentials = true;
        break;
      case '--api-key': {
        const key = text(next(), flag).toLowerCase();
        // The hosted API key stamper's public key: compressed P-256 (02/03 then x). On the curve
        // or not is checked at start, where the key is stored.
        if (!/^0[23][0-9a-f]{64}$/.test(key)) throw bad('--api-key takes a compressed P-256 public key: 66 hex digits starting 02 or 03 (what @turnkey/api-key-stamper calls apiPublicKey).');
        args.apiKeys.push(key);
        break;
      }
      default:
        throw bad(`Unknown option ${flag}. Try --help.`);
    }
  }
  return args;
}
