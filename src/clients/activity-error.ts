import { LatchError, type LatchErrorCode, type LatchErrorOptions } from '../errors/latch-error.ts';
import type { Activity } from './activity-types.ts';

/**
 * An activity that ended without a result (FAILED, REJECTED, CONSENSUS_NEEDED, or still
 * pending when polling gave up). Carries the activity so a caller can show its fingerprint,
 * votes or failure, or keep polling later.
 */
export class ActivityError extends LatchError {
  readonly activity: Activity;

  constructor(code: LatchErrorCode, message: string, activity: Activity, options?: LatchErrorOptions) {
    super(code, message, options);
    this.activity = activity;
  }
}
