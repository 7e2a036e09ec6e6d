/** The contract of one auth proxy endpoint module (proxy/endpoints/*). */
import type { EmulatorContext } from '../context.ts';
import type { ProxyConfig } from '../config/proxy-config.ts';
import type { JsonObject } from '../http/fields.ts';
import type { Upstream } from './upstream.ts';

export interface ProxyInput {
  ctx: EmulatorContext;
  config: ProxyConfig;
  /** The parent organization of this configuration. */
  organizationId: string;
  /** Input keys already camel-cased. */
  body: JsonObject;
  upstream: Upstream;
}

export interface ProxyEndpoint {
  /** wallet_kit_config is sent with an empty body or `{}`. */
  allowEmptyBody?: boolean;
  run(input: ProxyInput): Promise<JsonObject>;
}
