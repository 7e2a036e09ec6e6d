import { css } from 'lit';

export const proofBadgeStyles = css`
  :host {
    --badge-color: var(--_color-muted);
    --badge-background: var(--_color-surface-subtle);
    display: inline-block;
    max-inline-size: 100%;
  }

  :host([state='verified']) {
    --badge-color: var(--_color-success);
  }

  :host([state='failed']) {
    --badge-color: var(--_color-error);
  }

  /* Its own surface, so its colors hold on any page (dark theme on a light page, too). */
  .base {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space-sm);
    background: var(--_color-surface);
    border-radius: var(--_radius);
  }

  .status {
    display: inline-flex;
    align-items: center;
    gap: var(--_space-xs);
    padding-block: var(--_space-xs);
    padding-inline: var(--_space-sm);
    font-size: var(--_font-size-sm);
    font-weight: var(--_font-weight-medium);
    color: var(--badge-color);
    background: var(--badge-background);
    border: var(--_border-width) solid currentColor;
    border-radius: 999px;
  }

  .icon {
    display: inline-block;
    min-inline-size: 1em;
    text-align: center;
  }

  .status[data-state='verifying'] .icon {
    inline-size: 0.85em;
    block-size: 0.85em;
    min-inline-size: 0;
    border: 2px solid currentColor;
    border-inline-end-color: transparent;
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    .status[data-state='verifying'] .icon {
      animation: none;
    }
  }

  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }

  .toggle,
  .retry {
    min-block-size: 1.5rem;
    padding-block: var(--_space-xs);
    padding-inline: var(--_space-xs);
    font: inherit;
    font-size: var(--_font-size-sm);
    font-weight: var(--_font-weight-medium);
    color: var(--_color-primary);
    background: none;
    border: none;
    border-radius: var(--_radius-sm);
    text-decoration: underline;
    text-underline-offset: 0.2em;
    cursor: pointer;
  }

  .toggle:hover,
  .retry:hover {
    color: var(--_color-primary-hover);
  }

  .details {
    flex-basis: 100%;
    padding: var(--_space-md);
    font-size: var(--_font-size-sm);
    background: var(--_color-surface-subtle);
    border: var(--_border-width) solid var(--_color-border);
    border-radius: var(--_radius);
  }

  .details[hidden] {
    display: none;
  }

  .details p {
    margin: 0 0 var(--_space-sm);
  }

  .trust {
    color: var(--_color-muted);
  }

  /* A root other than AWS's is worth noticing: a warning-colored rule beside readable text. */
  .trust[data-root='custom'] {
    padding-inline-start: var(--_space-sm);
    color: var(--_color-on-surface);
    border-inline-start: 3px solid var(--_color-warning);
  }

  .proofs,
  .checks {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .proof {
    padding-block: var(--_space-sm);
    border-block-start: var(--_border-width) solid var(--_color-border);
  }

  .proof-title {
    font-weight: var(--_font-weight-bold);
    overflow-wrap: anywhere;
  }

  .enclave {
    display: grid;
    gap: var(--_space-xs);
    margin: 0 0 var(--_space-sm);
  }

  .enclave div {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-sm);
  }

  .enclave dt {
    color: var(--_color-muted);
  }

  .enclave dd {
    margin: 0;
    font-family: var(--_font-family-mono);
    overflow-wrap: anywhere;
  }

  .check {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: var(--_space-sm);
    padding-block: var(--_space-xs);
  }

  .check[data-outcome='passed'] .check-outcome {
    color: var(--_color-success);
  }

  .check[data-outcome='not-performed'] .check-outcome {
    color: var(--_color-muted);
  }

  .check[data-outcome='failed'] .check-outcome,
  .failure {
    color: var(--_color-error);
  }
`;
