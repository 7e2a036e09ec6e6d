/**
 * LiteSVM's TransactionError objects in the JSON form an RPC node writes them (serde's external
 * tagging): "BlockhashNotFound", {"InstructionError":[0,{"Custom":1}]},
 * {"InstructionError":[0,"InsufficientFunds"]}, {"InsufficientFundsForRent":{"account_index":1}}.
 */
import type { FailedTransactionMetadata } from 'litesvm';

/** TransactionErrorFieldless, in LiteSVM 1.5's order (its const enum, which has no runtime names). */
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;

/** InstructionErrorFieldless, in LiteSVM 1.5's order. */
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>;

function instructionErrorJson(err: unknown): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError';
  const value = err as { code?: number; msg?: string; constructor: { name: string } };
  if (value.constructor.name === 'InstructionErrorCustom') return { Custom: value.code };
  if (value.constructor.name.startsWith('InstructionErrorBorshIo')) return { BorshIoError: value.msg };
  return 'GenericError';
}

export function transactionErrorJson(err: LiteSvmError): unknown {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure';
  const value = err as unknown as { index?: number; accountIndex?: number; err?: () => unknown; constructor: { name: string } };
  switch (value.constructor.name) {
    case 'TransactionErrorInstructionError':
      return { InstructionError: [value.index, instructionErrorJson(value.err!())] };
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: value.index };
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: value.accountIndex } };
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: value.accountIndex } };
    default:
      return 'SanitizeFailure';
  }
}
