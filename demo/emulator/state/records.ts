/**
 * What the emulator stores. Records are plain JSON (they are written to the data file as is)
 * and immutable once stored: an update puts a new object. Times are milliseconds since epoch;
 * the wire's `{seconds, nanos}` objects are made when answering.
 *
 * The emulator keeps private keys (its own signing keys, proxy keys, wallet seeds, imported
 * keys) in these records and therefore in the data file, in the clear. It is an emulator: a
 * real service holds them in secure enclaves. Never point it at real funds.
 */
export interface BaseRecord {
  readonly id: string;
}

export interface Stamped {
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface OrganizationRecord extends BaseRecord, Stamped {
  readonly name: string;
  /** The parent organization of a sub-organization. A parent's users act on its children. */
  readonly parentId?: string;
  readonly rootUserIds: readonly string[];
  /** Root users whose approval a root quorum needs (policies read it). */
  readonly rootQuorumThreshold?: number;
  /** set_organization_feature values, e.g. FEATURE_NAME_WEBHOOK → URL. */
  readonly features: Readonly<Record<string, string>>;
}

/**
 * What is left of a sub-organization that delete_sub_organization removed: only what delivers
 * the deletion's own webhook event (its parent chain and its webhook URL). Nothing answers for it.
 */
export interface DeletedOrganizationRecord extends BaseRecord, Stamped {
  readonly parentId?: string;
  readonly features: Readonly<Record<string, string>>;
}

export interface UserRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly userName: string;
  readonly userEmail?: string;
  readonly userPhoneNumber?: string;
  readonly userTags: readonly string[];
}

/** Where an API key came from: login flows invalidate earlier keys of their own kind only. */
export type ApiKeyOrigin = 'API' | 'OTP' | 'OAUTH' | 'SESSION' | 'PROXY';

export interface ApiKeyRecord extends BaseRecord, Stamped {
  readonly userId: string;
  readonly organizationId: string;
  readonly apiKeyName: string;
  /** Compressed hex for P-256 and secp256k1, plain hex for Ed25519; lowercase. */
  readonly publicKey: string;
  readonly curveType: string;
  readonly expirationSeconds?: number;
  /** Absolute expiry (ms) of an expiring key. */
  readonly expiresAt?: number;
  readonly origin: ApiKeyOrigin;
  /**
   * When the user last proved presence for this key (ms): its login, or the login a refresh
   * inherits (identity/proof-time.ts). Absent in older data files: `createdAt` stands in.
   */
  readonly authenticatedAt?: number;
}

export interface AuthenticatorRecord extends BaseRecord, Stamped {
  readonly userId: string;
  readonly organizationId: string;
  readonly authenticatorName: string;
  /** base64url credential id, as WebAuthn reports it. */
  readonly credentialId: string;
  /** base64url COSE public key. */
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly aaguid: string;
  readonly attestationType: string;
}

export interface OauthProviderRecord extends BaseRecord, Stamped {
  readonly userId: string;
  readonly organizationId: string;
  readonly providerName: string;
  readonly issuer: string;
  readonly audience: string;
  readonly subject: string;
}

export interface InvitationRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly receiverUserName: string;
  readonly receiverUserEmail: string;
  readonly receiverUserTags: readonly string[];
  readonly accessType: string;
  readonly senderUserId: string;
}

export interface PolicyRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly policyName: string;
  readonly effect: string;
  readonly condition?: string;
  readonly consensus?: string;
  readonly notes?: string;
}

/** A user tag or private key tag (create_user_tag, create_private_key_tag): users and keys hold its id. */
export interface TagRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly tagName: string;
  readonly tagType: 'TAG_TYPE_USER' | 'TAG_TYPE_PRIVATE_KEY';
}

export interface ActivityRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly type: string;
  readonly status: string;
  readonly timestampMs: string;
  /** `sha256:` + hex SHA-256 of the exact body bytes: identical bodies are one activity. */
  readonly fingerprint: string;
  readonly intent: Readonly<Record<string, unknown>>;
  readonly result: Readonly<Record<string, unknown>>;
  readonly votes: readonly unknown[];
  readonly userId: string;
  readonly appProofs?: readonly unknown[];
  readonly failure?: { readonly code: number; readonly message: string };
}

export interface OtpRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly otpType: string;
  readonly contact: string;
  readonly code: string;
  readonly alphanumeric: boolean;
  readonly expiresAt: number;
  readonly attempts: number;
  /** Set once a correct code was used or the attempt cap was reached. */
  readonly spent: boolean;
  /**
   * The HPKE receiver scalar (hex) of the OTP's encryption target (init_otp, the v2 flow): the
   * client seals the code to it, so the proxy never reads it. Absent for init_otp_auth OTPs.
   */
  readonly targetPrivateKeyHex?: string;
}

/** A verification token id consumed for one usage (LOGIN, SIGNUP…): tokens are single-use per usage. */
export interface TokenUseRecord extends BaseRecord, Stamped {
  readonly expiresAt: number;
}

export interface OutboxRecord extends BaseRecord, Stamped {
  readonly otpId: string;
  readonly channel: 'EMAIL' | 'SMS';
  readonly to: string;
  readonly code: string;
  readonly subject?: string;
  readonly text: string;
  readonly organizationId: string;
  /** Email only: the rendered message (otp/email-message.ts). Absent in records written before it existed. */
  readonly from?: string;
  readonly replyTo?: string;
  readonly html?: string;
  readonly magicLink?: string;
  readonly appName?: string;
  readonly logoUrl?: string;
  readonly templateId?: string;
  readonly templateVariables?: Readonly<Record<string, string>>;
  /** When the code stops working (ms). */
  readonly expiresAt?: number;
}

export interface WalletRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly walletName: string;
  readonly mnemonic: string;
  readonly exported: boolean;
  readonly imported: boolean;
}

export interface WalletAccountRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly walletId: string;
  readonly curve: string;
  readonly pathFormat: string;
  readonly path: string;
  readonly addressFormat: string;
  readonly address: string;
  readonly publicKey: string;
  /** Creation order inside the organization, for stable pagination. */
  readonly seq: number;
}

export interface PrivateKeyRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly privateKeyName: string;
  readonly curve: string;
  readonly privateKeyHex: string;
  readonly publicKey: string;
  readonly addresses: readonly { readonly format: string; readonly address: string }[];
  readonly exported: boolean;
  readonly imported: boolean;
}

/** The HPKE receiver key handed out by init_import_private_key, until the import uses it. */
export interface ImportTargetRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly userId: string;
  readonly privateKeyHex: string;
  readonly publicKeyHex: string;
}

/** An authorization code of the built-in OAuth provider. */
export interface OAuthCodeRecord extends BaseRecord, Stamped {
  readonly provider: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly nonce?: string;
  readonly codeChallenge?: string;
  readonly email: string;
  readonly subject: string;
  readonly expiresAt: number;
}

/** Links an auth proxy configuration to its organization, proxy user and proxy key. */
export interface ProxyBindingRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly proxyUserId: string;
  readonly apiKeyId: string;
  /** PKCS#8-free raw P-256 scalar (hex) of the proxy API key. */
  readonly privateKeyHex: string;
  readonly publicKeyHex: string;
}

/** The emulator's own signing keys, one record with id `keys` (see keys/emulator-keys.ts). */
export interface KeysRecord extends BaseRecord, Stamped {
  readonly notarizer: string;
  readonly verificationSigner: string;
  readonly enclave: string;
  readonly oauth: { readonly kid: string; readonly privateKeyHex: string };
  readonly webhook: { readonly kid: string; readonly seedHex: string };
  /** Webhook keys rotated out, newest first: still in the JWKS so late deliveries verify. */
  readonly webhookRetired?: readonly { readonly kid: string; readonly publicKeyHex: string }[];
}

export interface SendTransactionRecord extends BaseRecord, Stamped {
  readonly organizationId: string;
  readonly txStatus: string;
  readonly chain: 'eth' | 'solana';
  readonly txHash?: string;
  readonly signature?: string;
  readonly txError?: string;
  readonly error?: Readonly<Record<string, unknown>>;
  /** Set when a local chain (chains/) took the send: which one, and the block it landed in. */
  readonly caip2?: string;
  readonly blockNumber?: string;
}
