/**
 * English: the reference catalogue. Every core key is defined here first; es.ts and ar.ts must
 * translate all of them (the type checker enforces it). Placeholders are `{name}`; plural
 * messages pick a form by the `count` parameter. Config `copy` may replace any string by key.
 */
import type { Message } from './messages.ts';

export const en = {
  // Shared words
  'common.loading': 'Loading…',
  'common.close': 'Close',
  'common.cancel': 'Cancel',
  'common.back': 'Back',
  'common.retry': 'Try again',
  'common.continue': 'Continue',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.or': 'or',

  // Logging in and signing up
  'login.title': 'Log in or sign up',
  'login.logo': 'Logo',
  'login.continueWith': 'Continue with {provider}',
  'login.email': 'Email',
  'login.emailInvalid': 'Enter a valid email address.',
  'login.phone': 'Phone number',
  'login.phoneInvalid': 'Enter a phone number with its country code.',
  'login.sendCode': 'Send code',
  'login.codeSentTo': 'We sent a code to {contact}',
  'login.passkey': 'Passkey',
  'login.passkeyLogin': 'Log in with a passkey',
  'login.passkeySignup': 'Sign up with a passkey',
  'login.otherMethod': 'Use another method',
  'login.signingIn': 'Signing you in…',
  'login.creatingAccount': 'Creating your account…',

  // The one-time code input
  'otp.enterCode': 'Enter the code',
  'otp.digitLabel': 'Digit {position} of {length}',
  'otp.characterLabel': 'Character {position} of {length}',
  'otp.resend': 'Resend code',
  'otp.resendIn': 'Resend in {seconds} s',
  'otp.resendWait': {
    one: 'You can ask for a new code in {count} second.',
    other: 'You can ask for a new code in {count} seconds.',
  },
  'otp.resendReady': 'You can ask for a new code now.',

  // The session
  'session.logout': 'Log out',
  'session.loggedInAs': 'Logged in as {user}',
  'session.endsIn': {
    one: 'Your session ends in {count} minute.',
    other: 'Your session ends in {count} minutes.',
  },
  'session.stay': 'Stay logged in',

  // Sign-up
  'signup.creatingWallet': 'Creating your wallet…',
  'signup.walletReady': 'Your wallet is ready',

  // Errors: `error.<LatchError code>`, and `error.generic` for every other code
  'error.generic': 'Something went wrong. Try again.',
  'error.ERR_OTP_INVALID': 'That code is not right. Check it and try again.',
  'error.ERR_OTP_LIMIT': 'Too many attempts. Ask for a new code.',
  'error.ERR_NETWORK_FAILED': 'Cannot reach the server. Check your connection and try again.',
  'error.ERR_NETWORK_TIMEOUT': 'The server did not answer in time. Try again.',
  'error.ERR_SERVICE_RATE_LIMITED': 'Too many requests. Wait a moment and try again.',
  'error.ERR_SERVICE_UNAUTHENTICATED': 'Your login was refused. Log in again.',
  'error.ERR_SERVICE_INTERNAL': 'The service had a problem. Try again later.',
  'error.ERR_SESSION_EXPIRED': 'Your session has ended. Log in again.',
  'error.ERR_SESSION_MISSING': 'You are not logged in. Log in first.',
  'error.ERR_OAUTH_POPUP_BLOCKED': 'The login window was blocked. Allow pop-ups or continue in this tab.',
  'error.ERR_OAUTH_POPUP_CLOSED': 'The login window closed early. Try again.',
  'error.ERR_OAUTH_DENIED': 'Access was not granted. Try again or use another method.',
  'error.ERR_OAUTH_DISALLOWED': 'This login method is off. Use another method.',
  'error.ERR_PASSKEY_UNSUPPORTED': 'This browser has no passkeys. Use another method.',
  'error.ERR_PASSKEY_CANCELLED': 'Passkey cancelled. Try again or use another method.',
  'error.ERR_PASSKEY_EXISTS': 'You already have a passkey here. Log in with it.',
  'error.ERR_PASSKEY_FAILED': 'The passkey did not work. Try again or use another method.',
  'error.ERR_INPUT_INVALID': 'Check what you entered and try again.',
  'error.ERR_CONFIG_INVALID': 'This login is not set up. Try again later.',
  'error.ERR_JWT_SIGNATURE': 'This site is not set up to confirm this login. Try again later.',
  'error.ERR_STORE_UNAVAILABLE': 'This browser cannot store your key. Leave private browsing and try again.',
  'error.ERR_ACTIVITY_REJECTED': 'The request was rejected. Check it and try again.',
  'error.ERR_ACTIVITY_CONSENSUS_NEEDED': 'Ask another approver to approve this request.',
} as const satisfies Readonly<Record<string, Message>>;
