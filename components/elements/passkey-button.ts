/**
 * `latchkey/passkey-button`: defines `<latch-passkey-button>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchPasskeyButton } from '../latch-passkey-button/latch-passkey-button.ts';

LatchPasskeyButton.define();

export { LatchPasskeyButton };
