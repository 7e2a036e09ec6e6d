/** What `createEmulator` accepts, and the defaults. */
import type { TimestampWindow, WebAuthnSettings } from './context.ts';
import type { EmulatorHooks } from './api/hooks.ts';
import type { WebhookOptions } from './webhooks/webhook-feature.ts';
import type { StepUpPolicy } from './policy/step-up.ts';
import type { ChainsOption } from './chains/chains.ts';

export interface EmulatorOptions {
  /** Interface to bind; loopback unless told otherwise. */
  host?: string;
  /** Activity API port (0: any free port). */
  port?: number;
  /** Auth proxy port: its own origin. Default port + 1, or any free port when port is 0. */
  proxyPort?: number;
  /** `--data FILE`: persist every acknowledged change there. In memory when absent. */
  dataFile?: string;
  /** Extra proxy configurations (the `--config` file's JSON array). */
  proxyConfigs?: unknown[];
  /** `--dev-fixed-otp CODE`: every OTP is this code. Development only. */
  devFixedOtp?: string;
  /** No console line per OTP. */
  quiet?: boolean;
  /** Where log lines go (default: console.log unless quiet). */
  log?: (line: string) => void;
  /** Maximum request body size in bytes (default 1 MiB). */
  bodyLimit?: number;
  timestampWindow?: TimestampWindow;
  /**
   * Step-up (policy/step-up.ts): export needs a login in the last 10 minutes (or a passkey) by
   * default; `credentials: true` guards adding and removing credentials too; `false` turns it off.
   */
  stepUp?: Partial<StepUpPolicy> | false;
  webauthn?: WebAuthnSettings;
  /** Compressed P-256 public keys (hex) of a root user of the `demo` organization. */
  rootApiKeys?: string[];
  /** The clock (tests move it instead of waiting). */
  now?: () => number;
  /** Replace the default hooks (policies, webhooks, App Proofs). */
  hooks?: Partial<EmulatorHooks>;
  /** Webhook delivery: attempts, backoff, timeouts (tests make them fast). */
  webhooks?: WebhookOptions;
  /**
   * Exact page origins (besides the emulator's own) that may read `/__outbox` and `/__webhooks`
   * from a browser: the demo page, a test runner's page. Never a pattern (http/dev-access.ts).
   */
  devOrigins?: string[];
  /**
   * The local chains to start (chains/chains.ts): 'all', 'evm' (anvil), 'solana' (LiteSVM) or
   * 'off', the default here (tests need no chain; the CLI defaults to 'all'). With a chain on,
   * its sends are broadcast for real; off, they settle in the sandbox (onramp/send-sandbox.ts).
   */
  chains?: ChainsOption;
  /** The anvil binary (default: resolved from `@foundry-rs/anvil`); tests give a missing one. */
  anvilBinary?: string;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_WEBAUTHN: WebAuthnSettings = { rpIds: ['localhost'] };
