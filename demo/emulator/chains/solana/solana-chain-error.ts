/**
 * A refusal by the local Solana cluster, in the terms a real RPC node uses: the JSON-RPC error
 * code (-32002 a failed preflight simulation, -32003 a bad signature, -32602 bad params...), its
 * message, and for a failed transaction the TransactionError in its JSON form with the logs.
 * The RPC answers it as a JSON-RPC error; the send route records it as the activity's failure.
 */
export const SolanaRpcCode = {
  /** Agave's JSON_RPC_SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE. */
  PREFLIGHT_FAILURE: -32002,
  /** JSON_RPC_SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE. */
  SIGNATURE_VERIFICATION_FAILURE: -32003,
  /** JSON_RPC_SERVER_ERROR_TRANSACTION_HISTORY_NOT_AVAILABLE is -32011; unsupported version: */
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  PARSE_ERROR: -32700,
} as const;

export interface SolanaFailureData {
  /** The TransactionError as the RPC writes it: "BlockhashNotFound", {"InstructionError":[0,{"Custom":1}]}. */
  readonly err: unknown;
  readonly logs: readonly string[];
  readonly unitsConsumed: number;
  /** Post-state requested by simulateTransaction's `accounts` (null entries on failure). */
  readonly accounts: null;
}

export class SolanaChainError extends Error {
  override readonly name = 'SolanaChainError';
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data?: SolanaFailureData,
  ) {
    super(message);
  }
}

/** A send refused by its preflight simulation, as Agave words it. */
export function preflightFailure(err: unknown, logs: readonly string[], unitsConsumed: number): SolanaChainError {
  return new SolanaChainError(SolanaRpcCode.PREFLIGHT_FAILURE, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    err,
    logs,
    unitsConsumed,
    accounts: null,
  });
}

export const invalidParams = (message: string): SolanaChainError => new SolanaChainError(SolanaRpcCode.INVALID_PARAMS, message);

/** TransactionError's Display (solana-transaction-error), for the variants a send can meet. */
const TRANSACTION_ERROR_TEXT: Readonly<Record<string, string>> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: 'Transaction loads an address table account that doesn\u2019t exist',
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
  UnbalancedTransaction: 'Sum of account balances before and after transaction do not match',
};

/** InstructionError's Display, for the common variants. */
const INSTRUCTION_ERROR_TEXT: Readonly<Record<string, string>> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  IncorrectAuthority: 'Incorrect authority provided',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  IllegalOwner: 'Provided owner is not allowed',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
};

function spaced(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function describeInstructionError(err: unknown): string {
  if (typeof err === 'string') return INSTRUCTION_ERROR_TEXT[err] ?? spaced(err);
  if (err && typeof err === 'object') {
    const [name, value] = Object.entries(err)[0] ?? ['', undefined];
    if (name === 'Custom') return `custom program error: 0x${Number(value).toString(16)}`;
    if (name === 'BorshIoError') return `Failed to serialize or deserialize account data: ${String(value)}`;
    return spaced(name);
  }
  return 'unknown instruction error';
}

/** The TransactionError (JSON form) in words, as an RPC node's error messages carry it. */
export function describeTransactionError(err: unknown): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? spaced(err);
  if (err && typeof err === 'object') {
    const [name, value] = Object.entries(err)[0] ?? ['', undefined];
    if (name === 'InstructionError' && Array.isArray(value)) return `Error processing Instruction ${String(value[0])}: ${describeInstructionError(value[1])}`;
    if (name === 'InsufficientFundsForRent') {
      const index = (value as { account_index?: number } | undefined)?.account_index;
      return `Transaction results in an account (${String(index)}) with insufficient funds for rent`;
    }
    if (name === 'DuplicateInstruction') return `Transaction contains a duplicate instruction (${String(value)}) that is not allowed`;
    return spaced(name);
  }
  return 'unknown transaction error';
}
