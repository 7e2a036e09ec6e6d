// Stamps made before the clock starts, for the open-loop load (emulator-load.ts). On a 2-core
// machine the load generator shares the cores with the emulator it measures, and its WebCrypto
// signing (a third of its CPU per request) would be taken from the emulator at the very moments
// the arrivals bunch up, so the p99 would partly be the generator's. A load generator on its
// own machines would not compete; here the signatures are made ahead instead, by the kit's
// ApiKeyStamper with the same key over the same bytes, and the kit's ActivityClient sends them
// as it sends any body. The emulator verifies each one as usual.
import type { Stamp, Stamper } from '../../src/stamp/stamper.ts';

export class StampAhead {
  private readonly ready = new Map<string, Stamp>();
  /** Bodies the measured client sent that had no stamp made ahead (so were stamped at send): 0 in a fair run. */
  stampedAtSend = 0;

  constructor(private readonly inner: Stamper) {}

  /** For a client whose requests go nowhere: stamps each body and keeps the stamp for `stamper`. */
  readonly recorder: Stamper = {
    stamp: async (body) => {
      const stamp = await this.inner.stamp(body);
      this.ready.set(body, stamp);
      return stamp;
    },
  };

  /** For the measured client: the stamp made ahead for exactly this body (used once), else one made now and counted. */
  readonly stamper: Stamper = {
    stamp: async (body) => {
      const stamp = this.ready.get(body);
      if (stamp) {
        this.ready.delete(body);
        return stamp;
      }
      this.stampedAtSend += 1;
      return this.inner.stamp(body);
    },
  };

  /** Stamps made ahead and not yet sent. */
  get waiting(): number {
    return this.ready.size;
  }
}
