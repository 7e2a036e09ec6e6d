/**
 * The kit's default confirmation: `confirmWithSheet(review)` shows `<latch-confirm>` for one
 * request and resolves the person's answer. The element (lit, its strings, its styles) loads
 * with the first request, never with the provider that asks; requests that arrive together are
 * shown one after another, each on its own sheet, never two at once.
 */
import type { RequestReview } from '../../src/review/request-review.ts';
import type { LatchConfirm } from '../latch-confirm/latch-confirm.ts';

export interface ConfirmWithSheetOptions {
  /** The sheet's language (BCP 47). Default: the kit's config, then the browser's. */
  locale?: string;
  /** Where the sheet goes. Default: `document.body`. */
  container?: Element;
  /**
   * When it aborts (the wallet's user changed), the sheet closes and the answer is false; a
   * request still waiting its turn is never shown.
   */
  signal?: AbortSignal;
}

let element: Promise<{ LatchConfirm: typeof LatchConfirm }> | undefined;
/** The request being shown: the next one waits for its answer. */
let queue: Promise<unknown> = Promise.resolve();

async function showSheet(review: RequestReview, options: ConfirmWithSheetOptions): Promise<boolean> {
  const { signal } = options;
  if (signal?.aborted) return false;
  const { LatchConfirm: Sheet } = await (element ??= import('../latch-confirm/latch-confirm.ts').catch((error: unknown) => {
    element = undefined; // offline: the next request tries again
    throw error;
  }));
  Sheet.define();
  const sheet = document.createElement(Sheet.tag) as LatchConfirm;
  if (options.locale) sheet.locale = options.locale;
  if (signal?.aborted) return false;
  (options.container ?? document.body).append(sheet);
  // A sheet taken out of the page answers its question with false (latch-confirm.ts).
  const close = (): void => sheet.remove();
  signal?.addEventListener('abort', close);
  try {
    return await sheet.ask(review);
  } finally {
    signal?.removeEventListener('abort', close);
    sheet.remove();
  }
}

/** Shows `review` on the confirmation sheet; true when the person approves. */
export function confirmWithSheet(review: RequestReview, options: ConfirmWithSheetOptions = {}): Promise<boolean> {
  const shown = queue.then(() => showSheet(review, options));
  queue = shown.catch(() => undefined);
  return shown;
}
