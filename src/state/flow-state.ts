import { atom } from 'nanostores';
import { LatchError } from '../errors/latch-error.ts';

/** Where the running flow is: its name (`otp`, `oauth`, `passkey`…), its step, its last error. */
export interface FlowStatus {
  name: string;
  step: string;
  error?: LatchError;
}

/** The flow in progress, or null when none is. */
export const $flow = atom<FlowStatus | null>(null);

/** Starts (or restarts) flow `name` at `step`. */
export function startFlow(name: string, step = 'start'): void {
  $flow.set({ name, step });
}

/** Moves the running flow to `step`, clearing its error. */
export function setFlowStep(step: string): void {
  $flow.set({ name: running().name, step });
}

/** Records a failure on the running flow's current step. */
export function failFlow(error: LatchError): void {
  const flow = running();
  $flow.set({ name: flow.name, step: flow.step, error });
}

export function endFlow(): void {
  $flow.set(null);
}

function running(): FlowStatus {
  const flow = $flow.get();
  if (!flow) throw new LatchError('ERR_FLOW_STATE', 'No flow is running.');
  return flow;
}
