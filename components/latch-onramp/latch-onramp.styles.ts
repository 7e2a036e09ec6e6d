import { css } from 'lit';

export const onrampStyles = css`
  .form {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
    gap: var(--_space-md);
    align-items: start;
  }

  .wide {
    grid-column: 1 / -1;
  }

  .progress {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: var(--_space-sm);
  }
`;
