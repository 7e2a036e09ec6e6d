/**
 * One collection of immutable records with single-key secondary indexes, and the transaction
 * overlay that lets a request stage changes and either commit all of them or none.
 */
import { LatchError } from '../../../src/errors/latch-error.ts';
import type { BaseRecord } from './records.ts';

export type IndexKey<T> = (record: T) => string | undefined;

/** What readers see, inside or outside a transaction. */
export interface TableView<T extends BaseRecord> {
  get(id: string): T | undefined;
  values(): T[];
  /** Records whose index `indexName` key equals `value`. */
  findBy(indexName: string, value: string): T[];
  /**
   * Records in the order they were stored (oldest first; a record put again moves last),
   * lazily, so pruning the oldest stops early instead of copying the whole table.
   */
  inOrder(): IterableIterator<T>;
  readonly size: number;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The ids under one index key: a lone id as itself, several as a Set (in insertion order). Most
 * keys name one record (an activity's fingerprint, an API key's public key), and a Set per key
 * would cost about 125 bytes each, on every activity ever stored.
 */
type Ids = string | Set<string>;

function addId(map: Map<string, Ids>, key: string, id: string): void {
  const ids = map.get(key);
  if (ids === undefined) map.set(key, id);
  else if (typeof ids === 'string') {
    if (ids !== id) map.set(key, new Set([ids, id]));
  } else ids.add(id);
}

function removeId(map: Map<string, Ids>, key: string, id: string): void {
  const ids = map.get(key);
  if (ids === id) map.delete(key);
  else if (typeof ids === 'object') {
    ids.delete(id);
    if (ids.size === 1) map.set(key, ids.values().next().value!);
  }
}

export class Table<T extends BaseRecord> implements TableView<T> {
  private readonly rows = new Map<string, T>();
  private readonly indexes = new Map<string, { key: IndexKey<T>; map: Map<string, Ids> }>();

  constructor(readonly name: string) {}

  index(indexName: string, key: IndexKey<T>): this {
    this.indexes.set(indexName, { key, map: new Map() });
    return this;
  }

  indexKey(indexName: string, record: T): string | undefined {
    const index = this.indexes.get(indexName);
    if (!index) throw new LatchError('ERR_FLOW_STATE', 'No such index on this table.');
    return index.key(record);
  }

  get(id: string): T | undefined {
    return this.rows.get(id);
  }

  values(): T[] {
    return [...this.rows.values()];
  }

  get size(): number {
    return this.rows.size;
  }

  inOrder(): IterableIterator<T> {
    return this.rows.values();
  }

  findBy(indexName: string, value: string): T[] {
    const index = this.indexes.get(indexName);
    if (!index) throw new LatchError('ERR_FLOW_STATE', 'No such index on this table.');
    const ids = index.map.get(value);
    if (ids === undefined) return [];
    if (typeof ids === 'string') return [this.rows.get(ids)!];
    return [...ids].map((id) => this.rows.get(id)!);
  }

  /** Only the store calls these, when a transaction commits or a snapshot loads. */
  applyPut(record: T): void {
    this.applyDelete(record.id);
    deepFreeze(record);
    this.rows.set(record.id, record);
    for (const { key, map } of this.indexes.values()) {
      const k = key(record);
      if (k !== undefined) addId(map, k, record.id);
    }
  }

  applyDelete(id: string): void {
    const old = this.rows.get(id);
    if (!old) return;
    this.rows.delete(id);
    for (const { key, map } of this.indexes.values()) {
      const k = key(old);
      if (k !== undefined) removeId(map, k, id);
    }
  }
}

/** Staged changes over a table; nothing touches the table until the store commits. */
export class TableTx<T extends BaseRecord> implements TableView<T> {
  /** id → new record, or null for a deletion. */
  readonly staged = new Map<string, T | null>();

  constructor(private readonly base: Table<T>) {}

  get(id: string): T | undefined {
    if (this.staged.has(id)) return this.staged.get(id) ?? undefined;
    return this.base.get(id);
  }

  values(): T[] {
    const out = this.base.values().filter((r) => !this.staged.has(r.id));
    for (const record of this.staged.values()) if (record) out.push(record);
    return out;
  }

  *inOrder(): IterableIterator<T> {
    for (const record of this.base.inOrder()) if (!this.staged.has(record.id)) yield record;
    // Records staged in this transaction come last; deletions staged while iterating are skipped.
    for (const record of this.staged.values()) if (record) yield record;
  }

  get size(): number {
    let size = this.base.size;
    for (const [id, record] of this.staged) {
      const stored = this.base.get(id) !== undefined;
      if (record && !stored) size += 1;
      else if (!record && stored) size -= 1;
    }
    return size;
  }

  findBy(indexName: string, value: string): T[] {
    const out = this.base.findBy(indexName, value).filter((r) => !this.staged.has(r.id));
    for (const record of this.staged.values()) {
      if (record && this.base.indexKey(indexName, record) === value) out.push(record);
    }
    return out;
  }

  put(record: T): T {
    deepFreeze(record);
    this.staged.set(record.id, record);
    return record;
  }

  delete(id: string): void {
    this.staged.set(id, null);
  }
}
