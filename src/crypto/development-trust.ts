/**
 * Trust anchors other than the hosted service's (an emulator's notarizer key, enclave key or
 * proof root) are for development. A page served from anything but a loopback host refuses
 * them (SECURITY.md B4): a development configuration that reaches production fails closed
 * instead of trusting keys anyone can make. Outside a page (Node tools, the emulator itself)
 * there is no origin to judge, and they are allowed.
 */
import { LatchError } from '../errors/latch-error.ts';

/** A page host that is this machine (the names browsers keep on loopback, the IPv4 and IPv6 loopback). */
export const LOOPBACK = /^(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Throws ERR_CONFIG_INVALID on a non-loopback page; `what` names the anchor in the message. */
export function assertDevelopmentTrust(what: string): void {
  const host = (globalThis as { location?: { hostname?: string } }).location?.hostname;
  if (host === undefined || LOOPBACK.test(host)) return;
  throw new LatchError('ERR_CONFIG_INVALID', `${what} other than the hosted service's is trusted only on a loopback page (the local emulator), not on ${host}.`);
}
