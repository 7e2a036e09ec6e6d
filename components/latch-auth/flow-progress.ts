/**
 * `<latch-auth>`'s status text: what the login under way is doing ("Sending…", "Finish logging in
 * in the new window."). Its table (auth-progress.ts) is needed once a flow runs, so it loads when
 * the methods show (`loadFlowProgress`), not with the drop-in's first chunk.
 */
import type { FlowStatus } from '../../src/state/flow-state.ts';
import type { LatchElement } from '../internal/latch-element.ts';
import type { AUTH_PROGRESS } from './auth-progress.ts';

let progress: typeof AUTH_PROGRESS | undefined;

/** Loads the table of progress texts (resolves once they can be said). */
export function loadFlowProgress(): Promise<void> {
  return import('./auth-progress.ts').then((m) => void (progress = m.AUTH_PROGRESS));
}

/** `name/step` of the flow in progress; '' when none (or it failed: the error says it). */
export function flowStep(flow: FlowStatus | null): string {
  return flow && !flow.error ? `${flow.name}/${flow.step}` : '';
}

/** The text for `step`: "Code sent to …" names `sentTo`; '' for a step without one, or before the table has loaded. */
export function flowProgress(step: string, sentTo: string | undefined, host: Pick<LatchElement, 't'>): string {
  if (!step) return '';
  if (step === 'otp/code-sent') return sentTo !== undefined ? host.t('login.codeSentTo', { contact: sentTo }) : '';
  const key = progress?.[step];
  return key ? host.t(key) : '';
}
