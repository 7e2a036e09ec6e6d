/**
 * A small reader of Sign-In with Ethereum messages (EIP-4361), for the review of personal_sign:
 * enough to say for which site, account and chain the message signs in, and when it is valid.
 * It reads the message's lines as the EIP's grammar lays them out (header, address, optional
 * statement, then the tagged fields in their order); text that is not such a message is
 * undefined, and the sheet shows it as a plain message. The tests hold it to viem's parser.
 */

export interface SiweMessage {
  /** The scheme before the domain, when the message names one ('https'). */
  scheme?: string;
  /** The authority the message signs in to: host, and port when it has one. */
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: string;
  chainId: bigint;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

const HEADER = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your Ethereum account:$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Tagged fields in the order the EIP sets; the first five are required. */
const TAGS = [
  ['uri', 'URI: '],
  ['version', 'Version: '],
  ['chainId', 'Chain ID: '],
  ['nonce', 'Nonce: '],
  ['issuedAt', 'Issued At: '],
  ['expirationTime', 'Expiration Time: '],
  ['notBefore', 'Not Before: '],
  ['requestId', 'Request ID: '],
] as const;
const REQUIRED = 5;

/** The message `text` as EIP-4361 reads it, or undefined when it is no sign-in message. */
export function parseSiweMessage(text: string): SiweMessage | undefined {
  const lines = text.split('\n');
  const header = HEADER.exec(lines[0] ?? '');
  if (!header || !ADDRESS.test(lines[1] ?? '') || lines[2] !== '') return undefined;
  let i = 3;
  let statement: string | undefined;
  // No statement: an empty line; a statement: its line, then an empty line.
  if (lines[i] === '') i += 1;
  else if (lines[i + 1] === '') {
    statement = lines[i];
    i += 2;
  } else return undefined;
  const fields: Record<string, string> = {};
  for (const [index, [key, tag]] of TAGS.entries()) {
    const line = lines[i];
    if (line?.startsWith(tag)) {
      fields[key] = line.slice(tag.length);
      i += 1;
    } else if (index < REQUIRED) return undefined;
  }
  let resources: string[] | undefined;
  if (lines[i] === 'Resources:') {
    resources = [];
    for (i += 1; lines[i]?.startsWith('- '); i += 1) resources.push(lines[i]!.slice(2));
  }
  if (i !== lines.length || !/^\d+$/.test(fields.chainId!)) return undefined;
  return {
    ...(header[1] ? { scheme: header[1] } : {}),
    domain: header[2]!,
    address: lines[1]!,
    ...(statement !== undefined ? { statement } : {}),
    uri: fields.uri!,
    version: fields.version!,
    chainId: BigInt(fields.chainId!),
    nonce: fields.nonce!,
    issuedAt: fields.issuedAt!,
    ...(fields.expirationTime !== undefined ? { expirationTime: fields.expirationTime } : {}),
    ...(fields.notBefore !== undefined ? { notBefore: fields.notBefore } : {}),
    ...(fields.requestId !== undefined ? { requestId: fields.requestId } : {}),
    ...(resources ? { resources } : {}),
  };
}

/**
 * Whether the message signs in to the page at `origin` ('https://app.example:8443'): its domain
 * is the origin's host (and port), and its scheme, when it names one, the origin's. Compared
 * exactly (hosts without case), as the site that checks the signature compares them.
 */
export function siweMatchesOrigin(message: SiweMessage, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (message.scheme !== undefined && `${message.scheme.toLowerCase()}:` !== url.protocol) return false;
  return message.domain.toLowerCase() === url.host.toLowerCase();
}
