// The gallery's scenes, by name: shared by the page that renders one (gallery.ts) and the Node
// side that visits them all (test/e2e/gallery.node.test.ts).
export const SCENE_NAMES = [
  'auth-loading',
  'auth-methods',
  'auth-config-error',
  'auth-field-error',
  'auth-code',
  'auth-logged-in',
  'auth-modal',
  'session-empty',
  'session-logged-in',
  'wallet-signed-out',
  'wallet-accounts',
  'onramp-signed-out',
  'onramp-form',
  'tx-status-empty',
  'approvals-pending',
  'wallet-export-pending',
  'step-up',
  'signup',
  'otp-input',
  'otp-input-error',
  'passkey-button',
  'oauth-buttons',
  'proof-badge-empty',
  'confirm-evm-warnings',
  'confirm-solana-changes',
] as const;

export type SceneName = (typeof SCENE_NAMES)[number];
