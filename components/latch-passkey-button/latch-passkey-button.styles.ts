import { css } from 'lit';
import { buttonStyles, fieldStyles } from '../latch-auth/login-styles.ts';

export const passkeyButtonStyles = [
  buttonStyles,
  fieldStyles,
  css`
    .base {
      display: flex;
      flex-direction: column;
    }
  `,
];
