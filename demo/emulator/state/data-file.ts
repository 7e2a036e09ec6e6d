/**
 * `--data FILE`: the whole state as one JSON document, replaced atomically (temp file, fsync,
 * rename, fsync of the directory) so a kill at any moment leaves either the old or the new
 * file, never a torn one. Writes are grouped: every commit waiting when a write starts is
 * acknowledged by that write. A file that is not a valid state file is refused and never
 * overwritten.
 */
import { existsSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { TABLE_NAMES } from './store.ts';
import type { TableName } from './store.ts';
import type { BaseRecord } from './records.ts';

export const DATA_FORMAT = 'latchkey-emulator-state';
export const DATA_VERSION = 1;

export type TablesData = Partial<Record<TableName, BaseRecord[]>>;

function refuse(path: string, reason: string, cause?: unknown): LatchError {
  return new LatchError(
    'ERR_CONFIG_INVALID',
    `Refusing to start: the data file ${path} ${reason}. It was left untouched; move it away (or pick another --data path) to start fresh.`,
    { cause },
  );
}

/** Reads and validates a data file; `null` when it does not exist yet (a fresh start). */
export function readDataFile(path: string): TablesData | null {
  if (!existsSync(path)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw refuse(path, 'is not valid JSON (corrupt or not written by the emulator)', error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse(path, 'is not a JSON object');
  const doc = parsed as Record<string, unknown>;
  if (doc.format !== DATA_FORMAT) throw refuse(path, `is not an emulator state file (no "format": "${DATA_FORMAT}")`);
  if (doc.version !== DATA_VERSION) throw refuse(path, `has an unsupported version (this emulator reads version ${DATA_VERSION})`);
  const tables = doc.tables;
  if (typeof tables !== 'object' || tables === null || Array.isArray(tables)) throw refuse(path, 'has no "tables" object');
  const out: TablesData = {};
  for (const [name, rows] of Object.entries(tables)) {
    if (!(TABLE_NAMES as string[]).includes(name)) throw refuse(path, `has an unknown table "${name}"`);
    if (!Array.isArray(rows)) throw refuse(path, `has a table "${name}" that is not an array`);
    const seen = new Set<string>();
    for (const row of rows) {
      if (typeof row !== 'object' || row === null || typeof (row as BaseRecord).id !== 'string' || seen.has((row as BaseRecord).id)) {
        throw refuse(path, `has an invalid or duplicate record in table "${name}"`);
      }
      seen.add((row as BaseRecord).id);
    }
    out[name as TableName] = rows as BaseRecord[];
  }
  return out;
}

export function serializeData(tables: TablesData): string {
  return JSON.stringify({ format: DATA_FORMAT, version: DATA_VERSION, savedAt: new Date().toISOString(), tables });
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const file = await open(temp, 'w', 0o600);
  try {
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temp, path);
  // Make the rename itself durable.
  const dir = await open(dirname(path), 'r');
  try {
    await dir.sync();
  } catch {
    // Some filesystems refuse fsync on a directory; the rename is still atomic there.
  } finally {
    await dir.close();
  }
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class DataFile {
  private waiting: Waiter[] = [];
  private writing = false;

  constructor(
    readonly path: string,
    private readonly serialize: () => string,
    private readonly log: (line: string) => void,
  ) {}

  /** Resolves once a write that started after this call (so it holds the caller's change) is durable. */
  persist(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.writing || this.waiting.length === 0) return;
    this.writing = true;
    const batch = this.waiting.splice(0);
    let text: string;
    try {
      text = this.serialize();
    } catch (error) {
      this.writing = false;
      batch.forEach((w) => w.reject(error));
      return;
    }
    writeAtomically(this.path, text)
      .then(
        () => batch.forEach((w) => w.resolve()),
        (error: unknown) => {
          this.log(`could not write the data file ${this.path}: ${error instanceof Error ? error.message : String(error)}`);
          batch.forEach((w) => w.reject(error));
        },
      )
      .finally(() => {
        this.writing = false;
        this.kick();
      });
  }

  /** Waits for writes in flight (used on stop). */
  async drain(): Promise<void> {
    while (this.writing || this.waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
