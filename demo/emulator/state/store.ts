/**
 * The emulator's state: typed tables, read views, and all-or-nothing transactions. A request
 * stages every change in a transaction; if anything throws, nothing is applied, so a rejected
 * request never changes state. Committed changes are handed to persistence (if any) and the
 * caller's answer waits until they are durable.
 */
import { Mutex } from './mutex.ts';
import { contactKey } from '../identity/contact.ts';
import { Table, TableTx } from './table.ts';
import type { TableView } from './table.ts';
import type * as R from './records.ts';
import type { FiatOnRampCredentialRecord, OnRampTransactionRecord } from '../onramp/onramp-records.ts';

function createTables() {
  return {
    organizations: new Table<R.OrganizationRecord>('organizations')
      .index('parentId', (r) => r.parentId)
      .index('name', (r) => r.name),
    deletedOrganizations: new Table<R.DeletedOrganizationRecord>('deletedOrganizations'),
    // get_sub_org_ids finds accounts by contact and name on every login: indexed, not scanned.
    users: new Table<R.UserRecord>('users')
      .index('organizationId', (r) => r.organizationId)
      .index('email', (r) => (r.userEmail === undefined ? undefined : contactKey(r.userEmail)))
      .index('phoneNumber', (r) => r.userPhoneNumber)
      .index('userName', (r) => r.userName),
    apiKeys: new Table<R.ApiKeyRecord>('apiKeys')
      .index('publicKey', (r) => r.publicKey)
      .index('userId', (r) => r.userId),
    authenticators: new Table<R.AuthenticatorRecord>('authenticators')
      .index('userId', (r) => r.userId)
      .index('credentialId', (r) => r.credentialId),
    oauthProviders: new Table<R.OauthProviderRecord>('oauthProviders')
      .index('userId', (r) => r.userId)
      .index('subject', (r) => `${r.issuer} ${r.subject}`),
    invitations: new Table<R.InvitationRecord>('invitations').index('organizationId', (r) => r.organizationId),
    policies: new Table<R.PolicyRecord>('policies').index('organizationId', (r) => r.organizationId),
    tags: new Table<R.TagRecord>('tags').index('organizationId', (r) => r.organizationId),
    activities: new Table<R.ActivityRecord>('activities')
      .index('fingerprint', (r) => r.fingerprint)
      .index('organizationId', (r) => r.organizationId),
    otps: new Table<R.OtpRecord>('otps').index('contact', (r) => `${r.organizationId} ${r.contact}`),
    tokenUses: new Table<R.TokenUseRecord>('tokenUses'),
    outbox: new Table<R.OutboxRecord>('outbox').index('to', (r) => r.to.toLowerCase()),
    wallets: new Table<R.WalletRecord>('wallets').index('organizationId', (r) => r.organizationId),
    walletAccounts: new Table<R.WalletAccountRecord>('walletAccounts')
      .index('organizationId', (r) => r.organizationId)
      .index('address', (r) => r.address),
    privateKeys: new Table<R.PrivateKeyRecord>('privateKeys').index('organizationId', (r) => r.organizationId),
    importTargets: new Table<R.ImportTargetRecord>('importTargets').index('userId', (r) => r.userId),
    oauthCodes: new Table<R.OAuthCodeRecord>('oauthCodes'),
    proxyBindings: new Table<R.ProxyBindingRecord>('proxyBindings'),
    keys: new Table<R.KeysRecord>('keys'),
    sendTransactions: new Table<R.SendTransactionRecord>('sendTransactions'),
    onRampTransactions: new Table<OnRampTransactionRecord>('onRampTransactions'),
    fiatOnRampCredentials: new Table<FiatOnRampCredentialRecord>('fiatOnRampCredentials').index('organizationId', (r) => r.organizationId),
  };
}

export type Tables = ReturnType<typeof createTables>;
export type TableName = keyof Tables;
type RecordOf<K extends TableName> = Tables[K] extends Table<infer T> ? T : never;

/** Read access to every table (a transaction's view includes its own staged changes). */
export type StateView = { readonly [K in TableName]: TableView<RecordOf<K>> };
/** A transaction: read its own writes, stage puts and deletes. */
export type Tx = { readonly [K in TableName]: TableTx<RecordOf<K>> };

export const TABLE_NAMES = Object.keys(createTables()) as TableName[];

/** Called after each commit with the changed table names; resolves when the change is durable. */
export type CommitListener = (changed: TableName[]) => Promise<void>;

const anyTable = (tables: Tables, name: TableName): Table<R.BaseRecord> => tables[name] as unknown as Table<R.BaseRecord>;

/**
 * A transaction whose per-table staging (TableTx) is made on a table's first use: a request
 * touches two or three of the tables, and making all of them, then walking all of them to
 * commit, was most of a transaction's cost on the stamped hot path.
 */
class LazyTx {
  /** The tables this transaction has used, each with its staged changes. */
  readonly used = new Map<TableName, TableTx<R.BaseRecord>>();
  constructor(readonly tables: Tables) {}
}
for (const name of TABLE_NAMES) {
  Object.defineProperty(LazyTx.prototype, name, {
    get(this: LazyTx) {
      let table = this.used.get(name);
      if (!table) {
        table = new TableTx(anyTable(this.tables, name));
        this.used.set(name, table);
      }
      return table;
    },
  });
}

export class Store {
  readonly tables: Tables = createTables();
  private readonly mutex = new Mutex();
  private listener: CommitListener | undefined;

  /** The committed state (what queries read). */
  get read(): StateView {
    return this.tables as unknown as StateView;
  }

  onCommit(listener: CommitListener | undefined): void {
    this.listener = listener;
  }

  /**
   * Runs `fn` against a fresh transaction, one at a time. If it resolves, every staged change
   * is applied at once and the answer waits for persistence; if it throws, nothing changes.
   * Persisting happens before the next transaction starts, so a failed write (a full disk) can
   * be undone: the state in memory stays what the data file holds, and the caller gets the error.
   */
  async transact<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T> {
    return this.mutex.run(async () => {
      const lazy = new LazyTx(this.tables);
      const value = await fn(lazy as unknown as Tx);
      const undo = this.undoFor(lazy);
      const changed = this.apply(lazy);
      if (changed.length > 0 && this.listener) {
        try {
          await this.listener(changed);
        } catch (error) {
          this.revert(undo);
          throw error;
        }
      }
      return value;
    });
  }

  /** What each staged record replaces (undefined: it did not exist), to undo an applied change. */
  private undoFor(tx: LazyTx): [Table<R.BaseRecord>, string, R.BaseRecord | undefined][] {
    const undo: [Table<R.BaseRecord>, string, R.BaseRecord | undefined][] = [];
    for (const [name, staging] of tx.used) {
      const table = anyTable(this.tables, name);
      for (const id of staging.staged.keys()) undo.push([table, id, table.get(id)]);
    }
    return undo;
  }

  private revert(undo: [Table<R.BaseRecord>, string, R.BaseRecord | undefined][]): void {
    for (const [table, id, previous] of undo) {
      if (previous) table.applyPut(previous);
      else table.applyDelete(id);
    }
  }

  private apply(tx: LazyTx): TableName[] {
    const changed: TableName[] = [];
    // In TABLE_NAMES order, as before: the persistence listener gets the changed tables in it.
    for (const name of TABLE_NAMES) {
      const staged = tx.used.get(name)?.staged;
      if (!staged || staged.size === 0) continue;
      changed.push(name);
      const table = anyTable(this.tables, name);
      for (const [id, record] of staged) {
        if (record) table.applyPut(record);
        else table.applyDelete(id);
      }
    }
    return changed;
  }

  /** Every table as arrays of records, sorted by id: for the data file and for tests. */
  dump(): Record<TableName, R.BaseRecord[]> {
    return Object.fromEntries(
      TABLE_NAMES.map((name) => [name, anyTable(this.tables, name).values().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))]),
    ) as Record<TableName, R.BaseRecord[]>;
  }

  /** A comparable picture of the whole state (tests: "a rejected request changes nothing"). */
  snapshot(): string {
    return JSON.stringify(this.dump());
  }

  /**
   * Replaces the contents of an empty store (loading a data file). Records go back in the order
   * they were made (the file lists them by id), so each table's storage order, which pruning of
   * the oldest entries relies on (TableView.inOrder), survives a restart.
   */
  load(data: Partial<Record<TableName, R.BaseRecord[]>>): void {
    const made = (record: R.BaseRecord): number => {
      const createdAt = (record as Partial<R.Stamped>).createdAt;
      return typeof createdAt === 'number' ? createdAt : 0;
    };
    for (const name of TABLE_NAMES) {
      const table = anyTable(this.tables, name);
      const records = [...(data[name] ?? [])].sort((a, b) => made(a) - made(b));
      for (const record of records) table.applyPut(structuredClone(record));
    }
  }
}
