import { css } from 'lit';
import { buttonStyles } from '../latch-auth/login-styles.ts';

export const oauthButtonStyles = [
  buttonStyles,
  css`
    .logo {
      flex: none;
      inline-size: 1.25rem;
      block-size: 1.25rem;
    }
  `,
];
