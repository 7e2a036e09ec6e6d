import { css } from 'lit';

export const accountStyles = css`
  .list {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .item {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-sm);
  }

  .item-text {
    display: flex;
    flex-direction: column;
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }

  .details {
    display: grid;
    gap: var(--_space-sm);
    margin: 0;
  }

  .details dd {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-sm);
    margin: 0;
    overflow-wrap: anywhere;
  }

  /* Email addresses and phone numbers read left to right even in right-to-left text. */
  .contact {
    direction: ltr;
    unicode-bidi: isolate;
  }

  .current {
    font-size: var(--_font-size-sm);
    font-weight: var(--_font-weight-bold);
    color: var(--_color-primary);
  }

  .muted {
    color: var(--_color-muted);
    font-size: var(--_font-size-sm);
  }

  form {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
  }

  /* Deleting the account: the one destructive action, told apart by more than colour (its words). */
  button.danger {
    color: var(--_color-error);
    border-color: var(--_color-error);
  }

  .wallet-icon {
    inline-size: 1.25rem;
    block-size: 1.25rem;
    vertical-align: middle;
    object-fit: contain;
  }
`;
