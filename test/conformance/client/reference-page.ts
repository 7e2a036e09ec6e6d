// The hosted service's own high-level client, `@turnkey/core`'s TurnkeyClient, UNCHANGED, in a
// real page (it needs window, localStorage and IndexedDB: it is a browser and React Native
// client). The Node test bundles this file with esbuild, serves it on localhost and drives the
// client through page.evaluate against the emulator. Nothing here adapts the client: the page
// only constructs it with public options and hands it (and @turnkey/crypto, for the few steps
// whose hosted keys the emulator can only be given through the crypto package's documented
// `dangerouslyOverride…` parameters) to the test.
import { TurnkeyClient } from '@turnkey/core';
import * as turnkeyCrypto from '@turnkey/crypto';

declare global {
  interface Window {
    TurnkeyClient: typeof TurnkeyClient;
    turnkeyCrypto: typeof turnkeyCrypto;
    referenceReady: boolean;
  }
}

window.TurnkeyClient = TurnkeyClient;
window.turnkeyCrypto = turnkeyCrypto;
window.referenceReady = true;
