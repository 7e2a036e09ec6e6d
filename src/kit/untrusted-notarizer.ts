/**
 * What to do when a login's session token is signed by a notarizer the kit does not trust
 * (ERR_JWT_SIGNATURE): the usual cause is a kit left on the hosted key while its proxy is the
 * local emulator, whose keys change at every start without `--data`. The message names the
 * option to set and, for a proxy on this machine, where the emulator publishes its keys.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { LatchKitOptions } from './latch-kit-options.ts';

const LOCAL = /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/;

export function untrustedNotarizer(o: Readonly<LatchKitOptions>, cause: LatchError): LatchError {
  const proxy = (o.proxyUrl ?? '').replace(/\/+$/, '');
  const local = LOCAL.test(proxy) && !o.emulator;
  const message = o.emulator
    ? `The session token is not signed by the notarizer of the emulator at ${o.emulator}: it may have started again with new keys. Reload the page (start the emulator with --data FILE to keep its keys).`
    : local
    ? `The session token is not signed by the trusted notarizer. The auth proxy ${proxy} is on this machine: if it is the Latchkey emulator, configure the kit with { emulator: '${proxy}', configId } (it reads ${proxy}/__keys), or set notarizerPublicKey (and apiBaseUrl, enclavePublicKey, otpEncryptionSignerPublicKey) to what ${proxy}/__keys says.`
    : `The session token is not signed by the trusted notarizer. Set the kit's notarizerPublicKey option to the notarizer key of the service behind ${proxy || 'the hosted auth proxy'}${o.notarizerPublicKey ? ' (the one set is not it)' : ' (unset, the hosted service\'s is trusted)'}.`;
  return new LatchError('ERR_JWT_SIGNATURE', message, { cause });
}
