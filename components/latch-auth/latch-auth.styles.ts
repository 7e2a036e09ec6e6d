import { css } from 'lit';
import { buttonStyles, fieldStyles } from './login-styles.ts';

export const authStyles = [
  buttonStyles,
  fieldStyles,
  css`
    :host {
      --width: 26rem;
    }

    :host([modal]:not([open])) {
      display: none;
    }

    .base {
      display: flex;
      flex-direction: column;
      gap: var(--_space-md);
      inline-size: min(100%, var(--width));
      padding: var(--_space-xl);
      background: var(--_color-surface-raised);
      border: var(--_border-width) solid var(--_color-border);
      border-radius: var(--_radius-lg);
    }

    [hidden] {
      display: none !important;
    }

    .header {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: var(--_space-sm);
      text-align: center;
    }

    .logo img {
      display: block;
      max-block-size: 3rem;
      max-inline-size: 100%;
    }

    .title {
      margin: 0;
      font-size: var(--_font-size-lg);
      font-weight: var(--_font-weight-bold);
    }

    .methods,
    .providers,
    .passkey,
    .code {
      display: flex;
      flex-direction: column;
      gap: var(--_space-sm);
    }

    .form {
      display: flex;
      flex-direction: column;
    }

    .divider {
      display: flex;
      align-items: center;
      gap: var(--_space-sm);
      color: var(--_color-muted);
      font-size: var(--_font-size-sm);
    }

    .divider::before,
    .divider::after {
      content: '';
      flex: 1;
      border-block-start: var(--_border-width) solid var(--_color-border);
    }

    .link {
      align-self: center;
      padding: var(--_space-xs);
      font: inherit;
      font-size: var(--_font-size-sm);
      color: var(--_color-primary);
      background: none;
      border: 0;
      border-radius: var(--_radius-sm);
      text-decoration: underline;
      cursor: pointer;
    }

    .loading {
      display: flex;
      align-items: center;
      justify-content: center;
      gap: var(--_space-sm);
      min-block-size: var(--_control-height);
      color: var(--_color-muted);
    }

    .spinner {
      inline-size: 1em;
      block-size: 1em;
      border: 2px solid currentColor;
      border-inline-end-color: transparent;
      border-radius: 50%;
      animation: latch-spin 0.8s linear infinite;
    }

    .status {
      margin: 0;
      color: var(--_color-muted);
      font-size: var(--_font-size-sm);
      text-align: center;
    }

    .status:empty,
    .base > .error:empty {
      display: none;
    }

    .footer {
      color: var(--_color-muted);
      font-size: var(--_font-size-sm);
    }

    .backdrop {
      position: fixed;
      inset: 0;
      z-index: var(--_z-index-modal);
      display: grid;
      place-items: center;
      padding: var(--_space-lg);
      overflow-y: auto;
      background: var(--_color-backdrop);
    }

    .dialog {
      position: relative;
      inline-size: min(100%, var(--width));
      border-radius: var(--_radius-lg);
      box-shadow: var(--_shadow-lg);
    }

    .dialog:focus {
      outline: none;
    }

    .close {
      position: absolute;
      inset-block-start: var(--_space-sm);
      inset-inline-end: var(--_space-sm);
      inline-size: 2rem;
      block-size: 2rem;
      font-size: var(--_font-size-lg);
      line-height: 1;
      color: var(--_color-muted);
      background: none;
      border: 0;
      border-radius: var(--_radius-sm);
      cursor: pointer;
    }
  `,
];
