import type { LatchOauthButton } from '../latch-oauth-button/latch-oauth-button.ts';
import type { LatchPasskeyButton } from '../latch-passkey-button/latch-passkey-button.ts';

/**
 * Whether an OAuth or passkey button in `host`'s shadow root, other than `except`, has a login
 * under way: its latch-login (or latch-error) is still to come, and reaches the page only while
 * the button is connected.
 */
export function busyButton(host: { readonly renderRoot: ParentNode }, except?: EventTarget | null): boolean {
  const buttons = host.renderRoot.querySelectorAll<LatchOauthButton | LatchPasskeyButton>('latch-oauth-button, latch-passkey-button');
  return [...buttons].some((button) => button !== except && button.busy);
}
