/**
 * The compact card of `<latch-session>` and `<latch-signup>`: `--gap` on the host (each element
 * documents it as its `@cssproperty`), `.base` a column with padding, the surface color, a border
 * and large corners, and the `.error` live region, which is always rendered (a live region must
 * exist before its text changes) but takes no room while empty. Elements with sections and form
 * fields use controlStyles (control-styles.ts) instead.
 */
import { css } from 'lit';

export const panelStyles = css`
  :host {
    --gap: var(--_space-md);
  }

  .base {
    display: flex;
    flex-direction: column;
    gap: var(--gap);
    padding: var(--_space-lg);
    background: var(--_color-surface);
    border: var(--_border-width) solid var(--_color-border);
    border-radius: var(--_radius-lg);
  }

  .error {
    color: var(--_color-error);
    font-size: var(--_font-size-sm);
  }

  .error:empty {
    margin-block-start: calc(-1 * var(--gap));
  }
`;
