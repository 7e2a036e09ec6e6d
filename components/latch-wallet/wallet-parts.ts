/**
 * The parts each section of `<latch-wallet>` forwards to it (`exportparts`), so the styling of
 * pages written before the split (`latch-wallet::part(sign-button)`) keeps working. A section's
 * own `base`, `title`, `error` and `announcer` are not forwarded: inside the card it draws none,
 * and the card's own parts keep those names.
 */
const list = (...names: string[]): string => names.join(', ');

export const WALLET_PARTS = {
  accounts: list('loading', 'empty', 'retry', 'accounts', 'account', 'account-format', 'account-meta', 'address', 'copy-button', 'pagination', 'previous', 'next', 'page'),
  sign: list('sign', 'sign-account', 'sign-kind', 'sign-message', 'sign-typed-data', 'sign-review', 'sign-preview', 'sign-domain', 'sign-fields', 'sign-button', 'sign-edit', 'signature', 'field-error'),
  send: list('send', 'send-from', 'send-to', 'send-value', 'send-data', 'send-review', 'send-preview', 'send-button', 'send-edit', 'tx-status', 'field-error'),
  export: list('export', 'export-what', 'export-wallet', 'export-account', 'export-private-key', 'export-no-keys', 'export-start', 'export-warning', 'export-confirm', 'reveal', 'export-pending', 'export-fingerprint', 'step-up', 'mnemonic', 'export-format', 'exported-key', 'key-reveal', 'key-copy', 'hide', 'field-error'),
  import: list('import', 'import-mode', 'import-name', 'import-phrase', 'import-accounts', 'import-key', 'import-detected', 'import-curve', 'import-formats', 'import-submit', 'import-result', 'step-up', 'field-error'),
  create: list('create', 'create-name', 'create-format', 'create-submit', 'create-result', 'field-error'),
  add: list('add', 'add-wallet', 'add-format', 'add-submit', 'add-result', 'proof-badge'),
} as const;
