/**
 * Every `LatchError` code, for code that lists or validates them. Its own module: the error class
 * needs only the type, so a page that never lists the codes (every element page, the CDN's
 * included) does not ship the list.
 */
export const LatchErrorCodes = [
  // encoding
  'ERR_ENCODING_HEX',
  'ERR_ENCODING_BASE64URL',
  'ERR_ENCODING_BASE58',
  'ERR_ENCODING_CHECKSUM',
  'ERR_ENCODING_JSON',
  // keys and signatures
  'ERR_KEY_FORMAT',
  'ERR_KEY_NOT_ON_CURVE',
  'ERR_KEY_NOT_FOUND',
  'ERR_KEY_MISMATCH',
  'ERR_SIGNATURE_FORMAT',
  'ERR_SIGNATURE_INVALID',
  'ERR_CRYPTO_UNAVAILABLE',
  // key storage
  'ERR_STORE_UNAVAILABLE',
  'ERR_STORE_QUOTA',
  'ERR_STORE_DATA_CLONE',
  'ERR_STORE_BLOCKED',
  'ERR_STORE_EXTRACTABLE',
  'ERR_STORE_FAILED',
  // stamps
  'ERR_STAMP_MALFORMED',
  'ERR_STAMP_SCHEME',
  'ERR_STAMP_SIGNATURE',
  'ERR_STAMP_WEBAUTHN',
  // bundles
  'ERR_BUNDLE_MALFORMED',
  'ERR_BUNDLE_VERSION',
  'ERR_BUNDLE_SIGNER',
  'ERR_BUNDLE_SIGNATURE',
  'ERR_BUNDLE_ORGANIZATION',
  'ERR_BUNDLE_DECRYPT',
  // tokens
  'ERR_JWT_MALFORMED',
  'ERR_JWT_SIGNATURE',
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIMS',
  // app proofs and boot proofs (each code names the check that failed)
  'ERR_PROOF_PAYLOAD',
  'ERR_PROOF_SIGNATURE',
  'ERR_PROOF_ATTESTATION_FORMAT',
  'ERR_PROOF_ATTESTATION_SIGNATURE',
  'ERR_PROOF_CERT_CHAIN',
  'ERR_PROOF_CERT_EXPIRED',
  'ERR_PROOF_ROOT',
  'ERR_PROOF_MANIFEST',
  'ERR_PROOF_KEY_MISMATCH',
  'ERR_PROOF_PCR',
  'ERR_PROOF_PCR_PIN',
  'ERR_PROOF_ADDRESS',
  // input checked before any request
  'ERR_INPUT_INVALID',
  'ERR_ONRAMP_AMOUNT',
  'ERR_ONRAMP_SUBDIVISION',
  'ERR_PAGINATION_LIMIT',
  // transport
  'ERR_NETWORK_FAILED',
  'ERR_NETWORK_TIMEOUT',
  'ERR_NETWORK_ABORTED',
  'ERR_RESPONSE_MALFORMED',
  // answers of the service (the service's own code, message and status are kept on the error)
  'ERR_SERVICE_INVALID_REQUEST',
  'ERR_SERVICE_UNAUTHENTICATED',
  'ERR_SERVICE_FORBIDDEN',
  'ERR_SERVICE_NOT_FOUND',
  'ERR_SERVICE_RATE_LIMITED',
  'ERR_SERVICE_INTERNAL',
  'ERR_SERVICE_UNKNOWN',
  'ERR_OTP_INVALID',
  'ERR_OTP_LIMIT',
  // a magic link with no attempt of this browser behind it, or whose code the service refused
  'ERR_OTP_LINK_INVALID',
  'ERR_OAUTH_DISALLOWED',
  // activities
  'ERR_ACTIVITY_FAILED',
  'ERR_ACTIVITY_REJECTED',
  'ERR_ACTIVITY_CONSENSUS_NEEDED',
  'ERR_ACTIVITY_TIMEOUT',
  // sessions
  'ERR_SESSION_MISSING',
  'ERR_SESSION_EXPIRED',
  'ERR_SESSION_KEY_MISSING',
  'ERR_SESSION_REFRESH',
  // a wallet's request waited (its sheet open) while another user logged in, or nobody: not signed
  'ERR_SESSION_USER_CHANGED',
  // flows
  'ERR_FLOW_STATE',
  'ERR_OAUTH_STATE',
  'ERR_OAUTH_POPUP_BLOCKED',
  'ERR_OAUTH_POPUP_CLOSED',
  'ERR_OAUTH_CALLBACK',
  'ERR_OAUTH_DENIED',
  'ERR_OAUTH_NONCE',
  'ERR_PASSKEY_UNSUPPORTED',
  'ERR_PASSKEY_CANCELLED',
  'ERR_PASSKEY_EXISTS',
  'ERR_PASSKEY_FAILED',
  // captcha: the page's provider gave no token (it failed, or Turnstile could not load or run);
  // the service refused the token it gave
  'ERR_CAPTCHA_FAILED',
  'ERR_CAPTCHA_REFUSED',
  // an external wallet (EIP-6963 / EIP-1193) as a login: none found on the page; the user said
  // no in the wallet (EIP-1193 4001); the wallet is on a chain it will not leave; the service
  // refused the wallet's stamp (or its signature is not its account's); any other wallet failure
  'ERR_WALLET_NOT_FOUND',
  'ERR_WALLET_REJECTED',
  'ERR_WALLET_WRONG_CHAIN',
  'ERR_WALLET_STAMP_REFUSED',
  'ERR_WALLET_FAILED',
  // a request the kit will not put before the person, whatever they would answer (a Solana
  // message whose bytes are a transaction, or that are not text)
  'ERR_WALLET_REQUEST_UNSAFE',
  // a user's own account: a removal that would leave no way to log in; a contact (or a wallet)
  // another user holds; a wallet this user has linked already
  'ERR_ACCOUNT_LAST_CREDENTIAL',
  'ERR_ACCOUNT_CONTACT_TAKEN',
  'ERR_ACCOUNT_WALLET_LINKED',
  // deleting the account while wallets or private keys were never exported (deleteWithoutExport
  // not given); a recovery phrase that is not 12-24 English BIP-39 words with a good checksum
  'ERR_ACCOUNT_NOT_EXPORTED',
  'ERR_MNEMONIC_INVALID',
  // a pasted private key: no known shape (hex, WIF, Solana base58) or a WIF of an unknown version
  // or length; a WIF whose checksum fails; zero or not below the curve order; a Solana secret key
  // whose second half is not the public key of its first
  'ERR_PRIVATE_KEY_FORMAT',
  'ERR_PRIVATE_KEY_CHECKSUM',
  'ERR_PRIVATE_KEY_RANGE',
  'ERR_PRIVATE_KEY_PAIR_MISMATCH',
  // step-up: the service wants a fresh login (or a passkey) before this action; the fresh login
  // offered for it was another account's
  'ERR_STEP_UP_REQUIRED',
  'ERR_STEP_UP_USER',
  // a send the kit refuses before asking the person: the balance cannot cover the amount plus the
  // network fee (or a token's balance its amount); the chain would not estimate the send (a
  // revert, an unknown account), with the chain's own reason
  'ERR_SEND_INSUFFICIENT_FUNDS',
  'ERR_SEND_ESTIMATE_FAILED',
  // configuration
  'ERR_CONFIG_INVALID',
] as const;
