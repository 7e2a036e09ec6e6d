/**
 * `latchkey/oauth-button`: defines `<latch-oauth-button>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchOauthButton } from '../latch-oauth-button/latch-oauth-button.ts';

LatchOauthButton.define();

export { LatchOauthButton };
