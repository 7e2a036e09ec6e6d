/**
 * A small reader of Sign-In With Solana messages (the SIWS text of the Wallet Standard's
 * `solana:signIn`, which dapps also send through `solana:signMessage`): the header
 * "<domain> wants you to sign in with your Solana account:", the address, then the tagged fields
 * (URI, Version, Chain ID, Nonce, Issued At, Expiration Time, Not Before, Request ID). Enough to
 * say for which site the message signs in and when it is valid; text that is not such a message
 * is undefined. And the sign-in section of a message review, with the same warnings as an
 * EIP-4361 message on the EVM side: 'origin-mismatch' (another site than the asking page, or a
 * domain that reads as the page only once its hidden characters are taken out), 'sign-in-expired',
 * 'sign-in-not-yet-valid'. Pure.
 */
import type { ReviewRow, ReviewSection, ReviewWarning } from './request-review.ts';
import { revealHiddenCharacters } from './hidden-characters.ts';

export interface SolanaSignIn {
  /** The scheme before the domain, when the message names one. */
  scheme?: string;
  domain: string;
  address: string;
  fields: Readonly<Partial<Record<'URI' | 'Version' | 'Chain ID' | 'Nonce' | 'Issued At' | 'Expiration Time' | 'Not Before' | 'Request ID', string>>>;
}

const HEADER = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your Solana account:$/;
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const TAG = /^(URI|Version|Chain ID|Nonce|Issued At|Expiration Time|Not Before|Request ID): (.*)$/;

export function parseSolanaSignIn(text: string): SolanaSignIn | undefined {
  const lines = text.split('\n');
  const header = HEADER.exec(lines[0] ?? '');
  if (!header || !BASE58_ADDRESS.test(lines[1] ?? '')) return undefined;
  const fields: Record<string, string> = {};
  // The tagged fields follow the optional statement; each is read once, the first time.
  let i = 2;
  while (i < lines.length && !TAG.test(lines[i]!)) i++;
  for (let match; i < lines.length && (match = TAG.exec(lines[i]!)); i++) fields[match[1]!] ??= match[2]!;
  return { ...(header[1] ? { scheme: header[1] } : {}), domain: header[2]!, address: lines[1]!, fields };
}

/** Whether the message signs in to the page at `origin`: its domain is the origin's host (and port), its scheme, if named, the origin's. */
export function signInMatchesOrigin(signIn: SolanaSignIn, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (signIn.scheme !== undefined && `${signIn.scheme.toLowerCase()}:` !== url.protocol) return false;
  return signIn.domain.toLowerCase() === url.host.toLowerCase();
}

/** The sign-in section and its warnings, or undefined when `text` is no SIWS message. */
export function solanaSignInSection(text: string, origin: string, now: number): { section: ReviewSection; warnings: ReviewWarning[] } | undefined {
  // Read as the site that checks it reads it; a message that is one only once its hidden
  // characters are taken out signs in to a domain no one typed: another site.
  const exact = parseSolanaSignIn(text);
  const signIn = exact ?? parseSolanaSignIn(text.replace(/\p{Cf}/gu, ''));
  if (!signIn) return undefined;
  const warnings: ReviewWarning[] = [];
  if (!exact || !signInMatchesOrigin(signIn, origin)) warnings.push('origin-mismatch');
  const { fields } = signIn;
  const expires = fields['Expiration Time'] === undefined ? Number.NaN : Date.parse(fields['Expiration Time']);
  const starts = fields['Not Before'] === undefined ? Number.NaN : Date.parse(fields['Not Before']);
  if (expires <= now) warnings.push('sign-in-expired');
  if (starts > now) warnings.push('sign-in-not-yet-valid');
  const rows: ReviewRow[] = [
    { label: 'website', value: revealHiddenCharacters(text.slice(0, text.indexOf(' wants you to sign in'))), format: 'code' },
    { label: 'address', value: signIn.address, format: 'address' },
  ];
  const tagged = (label: ReviewRow['label'], key: keyof SolanaSignIn['fields'], format: ReviewRow['format']) => {
    const value = fields[key];
    if (value !== undefined) rows.push({ label, value: revealHiddenCharacters(value), format });
  };
  tagged('uri', 'URI', 'code');
  tagged('chain', 'Chain ID', 'code');
  tagged('nonce', 'Nonce', 'code');
  tagged('issued-at', 'Issued At', 'date');
  tagged('deadline', 'Expiration Time', 'date');
  tagged('not-before', 'Not Before', 'date');
  return { section: { title: 'sign-in', rows, ...(warnings.length ? { warnings } : {}) }, warnings };
}
