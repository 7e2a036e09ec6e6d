/**
 * `<latch-confirm>`'s strings: the review's labels, section titles and warnings (the keys of
 * src/review/request-review.ts, every one: the type checker holds each language to the unions),
 * and the sheet's own words. English loads with the sheet, Spanish and Arabic when first shown.
 */
import { registerMessageLoader, registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';
import type { ReviewAction, ReviewLabel, ReviewSectionTitle, ReviewWarning } from '../../src/review/request-review.ts';

type ConfirmKey =
  | `confirm.title.${ReviewAction}`
  | `confirm.label.${ReviewLabel}`
  | `confirm.section.${ReviewSectionTitle}`
  | `confirm.warning.${ReviewWarning}`
  | 'confirm.origin' | 'confirm.account' | 'confirm.chain' | 'confirm.unknownOrigin'
  | 'confirm.approve' | 'confirm.reject' | 'confirm.warnings' | 'confirm.message' | 'confirm.messageHex'
  | 'confirm.opened' | 'confirm.warningCount' | 'confirm.dateUtc' | 'confirm.sectionOf';

export type ConfirmMessages = { readonly [Key in ConfirmKey]: Message };

declare module '../i18n/messages.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends ConfirmMessages {}
}

export const confirmEn: ConfirmMessages = {
  'confirm.title.sign-message': 'Sign this message?',
  'confirm.title.sign-typed-data': 'Sign this data?',
  'confirm.title.sign-transaction': 'Sign this transaction?',
  'confirm.title.send-transaction': 'Send this transaction?',
  'confirm.title.switch-chain': 'Switch network?',
  'confirm.title.add-chain': 'Add this network?',
  'confirm.origin': 'Requested by',
  'confirm.account': 'Account',
  'confirm.chain': 'Network',
  'confirm.unknownOrigin': 'Unknown page',
  'confirm.approve': 'Approve',
  'confirm.reject': 'Reject',
  'confirm.warnings': 'Before you approve',
  'confirm.message': 'Message',
  'confirm.messageHex': 'This message is not text. Its bytes:',
  'confirm.opened': '{origin} asks: {title}',
  'confirm.warningCount': { one: '{count} warning.', other: '{count} warnings.' },
  'confirm.dateUtc': '{date} (UTC)',
  'confirm.sectionOf': '{title} {index} of {count}',
  'confirm.section.message': 'Message',
  'confirm.section.domain': 'Signing for',
  'confirm.section.fields': 'Data',
  'confirm.section.permit': 'Token permit',
  'confirm.section.transaction': 'Transaction',
  'confirm.section.call': 'Contract call',
  'confirm.section.fees': 'Fees',
  'confirm.section.chain': 'Network',
  'confirm.section.instruction': 'Instruction',
  'confirm.section.listing': 'Marketplace listing',
  'confirm.section.sign-in': 'Sign-in request',
  'confirm.warning.unlimited-amount': 'Unlimited amount: this lets the spender take all of this token you hold, now and later.',
  'confirm.warning.approval-for-all': 'This gives the operator control of every token you hold in this collection.',
  'confirm.warning.unreadable-data': 'This request contains data that cannot be read. Approve only if you trust this page.',
  'confirm.warning.unreadable-instruction': 'This transaction has an instruction that cannot be read. Approve only if you trust this page.',
  'confirm.warning.permit': 'This signature lets someone else spend your tokens, without another transaction.',
  'confirm.warning.message-not-text': 'This message is not readable text.',
  'confirm.warning.chain-mismatch': 'This request names another network than the one you are on.',
  'confirm.warning.delegation': 'This lets someone else spend or move your assets. Check who (the spender) and how much.',
  'confirm.warning.listing': 'This signs a marketplace order: what you list, for what price, and who is paid are below. Anyone can fill it until it ends.',
  'confirm.warning.unknown-type': 'This data is of a type the wallet does not know: it cannot say what your signature allows. Approve only if you trust this page.',
  'confirm.warning.truncated': 'This request is too long to show in full: addresses and amounts are listed first, the rest is not shown.',
  'confirm.warning.contract-creation': 'This transaction creates a new contract from the code it carries.',
  'confirm.warning.hidden-characters': 'This request contains invisible or text-direction characters, shown as ⟦U+…⟧: the text may not be what it looks like.',
  'confirm.warning.origin-mismatch': 'This sign-in message is for another website than the page that asks. Signing it may log that page in to your account there.',
  'confirm.warning.hash-signature': 'This message is a 32-byte hash. Your signature of it may authorize a transaction, for example from a smart account or a Safe.',
  'confirm.warning.sign-in-expired': 'This sign-in message has expired.',
  'confirm.warning.sign-in-not-yet-valid': 'This sign-in message is not valid yet.',
  'confirm.warning.ownership-change': 'This hands control of an account to someone else: its new owner or authority can move everything it holds.',
  'confirm.warning.account-closed': 'This closes a token account: its SOL goes to the account shown as “SOL goes to”.',
  'confirm.warning.never-expires': 'This transaction never expires: it uses a durable nonce, so it can be sent at any time later, not only in the next minute or two.',
  'confirm.warning.high-fee': 'The network fee is high: see the maximum fee below.',
  'confirm.warning.unresolved-address': 'Some accounts come from an address lookup table and are shown as table[entry]: their addresses are not in the request, so the sheet cannot show where they lead.',
  'confirm.label.to': 'To',
  'confirm.label.from': 'From',
  'confirm.label.value': 'Value',
  'confirm.label.value-wei': 'Value in wei',
  'confirm.label.data': 'Data',
  'confirm.label.selector': 'Function selector',
  'confirm.label.function': 'Function',
  'confirm.label.token': 'Token',
  'confirm.label.spender': 'Spender',
  'confirm.label.amount': 'Amount',
  'confirm.label.deadline': 'Valid until',
  'confirm.label.nonce': 'Nonce',
  'confirm.label.operator': 'Operator',
  'confirm.label.approved': 'Approved',
  'confirm.label.recipient': 'Recipient',
  'confirm.label.token-id': 'Token ID',
  'confirm.label.expiration': 'Allowance expires',
  'confirm.label.domain-name': 'Application',
  'confirm.label.domain-version': 'Version',
  'confirm.label.chain': 'Network',
  'confirm.label.contract': 'Contract',
  'confirm.label.salt': 'Salt',
  'confirm.label.primary-type': 'Type',
  'confirm.label.fee': 'Maximum fee',
  'confirm.label.gas': 'Gas limit',
  'confirm.label.max-fee': 'Max fee per gas',
  'confirm.label.max-priority-fee': 'Priority fee per gas',
  'confirm.label.gas-price': 'Gas price',
  'confirm.label.program': 'Program',
  'confirm.label.source': 'Source',
  'confirm.label.destination': 'Destination',
  'confirm.label.authority': 'Authority',
  'confirm.label.mint': 'Mint',
  'confirm.label.decimals': 'Decimals',
  'confirm.label.lamports': 'Lamports',
  'confirm.label.sol': 'Amount in SOL',
  'confirm.label.owner': 'Owner',
  'confirm.label.delegate': 'Delegate',
  'confirm.label.accounts': 'Accounts',
  'confirm.label.version': 'Version',
  'confirm.label.fee-payer': 'Fee payer',
  'confirm.label.recent-blockhash': 'Recent blockhash',
  'confirm.label.lookup-table': 'Address lookup table',
  'confirm.label.lookup-writable': 'Entries it may change',
  'confirm.label.lookup-readonly': 'Entries it reads',
  'confirm.label.rpc-url': 'RPC URL',
  'confirm.label.currency': 'Currency',
  'confirm.label.offer': 'You list',
  'confirm.label.consideration': 'Paid',
  'confirm.label.paid-to': 'Paid to',
  'confirm.label.operation': 'Operation',
  'confirm.label.website': 'Website',
  'confirm.label.address': 'Address',
  'confirm.label.uri': 'URI',
  'confirm.label.issued-at': 'Issued at',
  'confirm.label.not-before': 'Valid from',
  'confirm.label.account': 'Account',
  'confirm.label.new-account': 'New account',
  'confirm.label.space': 'Size in bytes',
  'confirm.label.base': 'Base account',
  'confirm.label.seed': 'Seed',
  'confirm.label.nonce-account': 'Nonce account',
  'confirm.label.new-authority': 'New authority',
  'confirm.label.authority-type': 'Authority type',
  'confirm.label.rent-to': 'SOL goes to',
  'confirm.label.transfer-fee': 'Transfer fee',
  'confirm.label.compute-units': 'Compute unit limit',
  'confirm.label.unit-price': 'Priority price (micro-lamports per unit)',
  'confirm.label.memo': 'Memo',
  'confirm.label.signer': 'Signer',
};

registerMessages('en', confirmEn);
registerMessageLoader('es', () => import('./latch-confirm.messages.es.ts').then((m) => m.confirmEs));
registerMessageLoader('ar', () => import('./latch-confirm.messages.ar.ts').then((m) => m.confirmAr));
