/**
 * get_gas_usage {organizationId} → {windowDurationMinutes, windowLimitUsd, usageUsd}: the hosted
 * gas station's spending window. The emulator has no gas station (sponsored sends pay nothing
 * on the local chains), so the answer is an empty window with no limit: usage "0", limit "0".
 */
import type { QueryHandler } from '../api/handler-types.ts';

/** The whole answer (its keys are type-checked against the hosted v1GetGasUsageResponse). */
export const NO_GAS_USAGE = { windowDurationMinutes: 0, windowLimitUsd: '0', usageUsd: '0' };

export const getGasUsage: QueryHandler = {
  run() {
    return { ...NO_GAS_USAGE };
  },
};
