/**
 * How the auth proxy reaches the Activity API: as its own proxy user, stamping each body with
 * its proxy API key (ApiKeyStamper, the kit's stamper), and handing the request to the Activity
 * API's handler in-process, so it takes exactly the path (stamp check, authorization,
 * idempotency, policies) of any client's HTTP request. Upstream errors come back unchanged.
 */
import { LatchError } from '../../../src/errors/latch-error.ts';
import { ActivityStatus } from '../../../src/clients/activity-operations.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { p256Signer } from '../keys/p256-signer.ts';
import { serviceError, Grpc } from '../http/service-error.ts';
import { isObject } from '../http/fields.ts';
import { submitSpec } from '../api/operations.ts';
import type { EmuApp } from '../http/node-adapter.ts';
import type { JsonObject } from '../http/fields.ts';
import type { EmulatorContext } from '../context.ts';
import type { ProxyBindingRecord } from '../state/records.ts';

const stampers = new WeakMap<ProxyBindingRecord, Promise<ApiKeyStamper>>();

function stamperFor(binding: ProxyBindingRecord): Promise<ApiKeyStamper> {
  let stamper = stampers.get(binding);
  if (!stamper) {
    stamper = p256Signer(binding.privateKeyHex).then((signer) => new ApiKeyStamper({ id: binding.publicKeyHex, privateKey: signer.privateKey }));
    stampers.set(binding, stamper);
  }
  return stamper;
}

function upstreamError(status: number, body: unknown): Error {
  if (isObject(body) && typeof body.code === 'number' && typeof body.message === 'string') {
    const detail = Array.isArray(body.details) && isObject(body.details[0]) ? body.details[0].turnkeyErrorCode : undefined;
    return serviceError(body.code as Grpc, typeof detail === 'string' ? detail : 'INTERNAL', body.message, { httpStatus: status });
  }
  return serviceError(Grpc.INTERNAL, 'INTERNAL', 'The Activity API gave an unexpected answer.');
}

export class Upstream {
  constructor(
    private readonly ctx: EmulatorContext,
    private readonly api: EmuApp,
    readonly binding: ProxyBindingRecord,
  ) {}

  private async post(path: string, body: JsonObject): Promise<JsonObject> {
    const text = JSON.stringify(body);
    const stamp = await (await stamperFor(this.binding)).stamp(text);
    const response = await this.api.handle({
      method: 'POST',
      path,
      query: new URLSearchParams(),
      headers: { 'content-type': 'application/json', accept: 'application/json', [stamp.stampHeaderName.toLowerCase()]: stamp.stampHeaderValue },
      body: utf8Encode(text),
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch (error) {
      throw serviceError(Grpc.INTERNAL, 'INTERNAL', 'The Activity API gave an unexpected answer.', { cause: error });
    }
    if (response.status !== 200) throw upstreamError(response.status, parsed);
    if (!isObject(parsed)) throw upstreamError(500, null);
    return parsed;
  }

  /** Submits an activity for `organizationId`: its value under the result key, and the activity. */
  async submit(
    operation: string,
    organizationId: string,
    parameters: JsonObject,
    options: { generateAppProofs?: boolean } = {},
  ): Promise<{ result: JsonObject; activity: JsonObject }> {
    const spec = submitSpec(operation);
    if (!spec || spec.result === null) throw new LatchError('ERR_FLOW_STATE', 'Not an operation the auth proxy submits.');
    const response = await this.post(`/public/v1/submit/${operation}`, {
      type: spec.type,
      timestampMs: String(this.ctx.now()),
      organizationId,
      parameters,
      ...(options.generateAppProofs ? { generateAppProofs: true } : {}),
    });
    const activity = isObject(response.activity) ? response.activity : {};
    if (activity.status !== ActivityStatus.COMPLETED) {
      throw serviceError(Grpc.PERMISSION_DENIED, 'FORBIDDEN', 'The activity needs approval before it can complete.');
    }
    const result = isObject(activity.result) ? activity.result[spec.result] : undefined;
    if (!isObject(result)) throw upstreamError(500, null);
    return { result, activity };
  }

  async query(operation: string, body: JsonObject): Promise<JsonObject> {
    return this.post(`/public/v1/query/${operation}`, body);
  }
}
