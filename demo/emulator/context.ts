/**
 * What every emulator service reads: the state, the emulator's keys, the proxy configurations,
 * the resolved options, the clock, the log, the public URLs, and the hooks later features plug
 * into (policies, webhooks, App Proofs).
 */
import type { Store } from './state/store.ts';
import type { EmulatorKeys } from './keys/emulator-keys.ts';
import type { ProxyConfig } from './config/proxy-config.ts';
import type { EmulatorHooks } from './api/hooks.ts';
import type { StepUpPolicy } from './policy/step-up.ts';
import type { Chains } from './chains/chains.ts';

export interface EmulatorUrls {
  apiUrl: string;
  proxyUrl: string;
  oauthUrl: string;
}

export interface WebAuthnSettings {
  /** Relying party ids accepted for passkey stamps and registrations. */
  rpIds: string[];
  /** Exact origins accepted; when absent, any origin whose host is an rpId (or below it). */
  origins?: string[];
}

export interface TimestampWindow {
  /** How old a body's `timestampMs` may be. */
  pastMs: number;
  /** How far ahead of the emulator's clock it may be. */
  futureMs: number;
}

export interface EmulatorContext {
  store: Store;
  keys: EmulatorKeys;
  configs: ReadonlyMap<string, ProxyConfig>;
  urls: EmulatorUrls;
  hooks: EmulatorHooks;
  webauthn: WebAuthnSettings;
  timestampWindow: TimestampWindow;
  /** Which operations need a fresh proof of presence (policy/step-up.ts); null: none. */
  stepUp: StepUpPolicy | null;
  /** A fixed OTP code (only with the explicit dev flag). */
  devFixedOtp?: string;
  /** True: no console line per OTP. */
  quiet: boolean;
  /** Exact origins that may read the secret-bearing dev routes besides the emulator's own. */
  devOrigins: readonly string[];
  now(): number;
  log(line: string): void;
  /** The local chains (chains/chains.ts); undefined when `chains` is 'off' (sends settle in the sandbox). */
  chains?: Chains;
}
