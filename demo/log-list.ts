/**
 * Renders a short log (newest first) into an `<ol>` with DOM calls only: no HTML strings, so
 * nothing here needs Trusted Types and nothing the emulator sends can become markup.
 */
export interface LogItem {
  /** The emphasised part (a code, an event type). */
  title: string;
  text?: string;
  when?: string;
  tone?: 'ok' | 'failed';
  /** Stable id: a details section open before a re-render stays open. */
  key?: string;
  /** Shown under a "Message" disclosure: label → text (links for `link`). */
  details?: readonly LogDetail[];
}

export interface LogDetail {
  label: string;
  value: string;
  /** Shown as a link (only https and http URLs; anything else stays text). */
  link?: boolean;
  /** Shown preformatted (a message body). */
  pre?: boolean;
}

function detailsOf(item: LogItem, open: boolean): HTMLDetailsElement {
  const details = document.createElement('details');
  details.dataset['key'] = item.key ?? '';
  details.open = open;
  const summary = document.createElement('summary');
  summary.textContent = 'Message';
  const list = document.createElement('dl');
  for (const detail of item.details ?? []) {
    const dt = document.createElement('dt');
    dt.textContent = detail.label;
    const dd = document.createElement('dd');
    if (detail.link && /^https?:\/\//i.test(detail.value)) {
      const a = document.createElement('a');
      a.href = detail.value;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.textContent = detail.value;
      dd.append(a);
    } else if (detail.pre) {
      const pre = document.createElement('pre');
      pre.textContent = detail.value;
      dd.append(pre);
    } else {
      dd.textContent = detail.value;
    }
    list.append(dt, dd);
  }
  details.append(summary, list);
  return details;
}

export function renderLog(list: HTMLElement, items: readonly LogItem[], empty: string): void {
  const open = new Set([...list.querySelectorAll<HTMLDetailsElement>('details[open]')].map((d) => d.dataset['key']));
  const rows = items.map((item) => {
    const li = document.createElement('li');
    // What the emulator and the kit report (event names, codes, ids) is English, whatever the page's language.
    li.lang = 'en';
    li.dir = 'auto';
    if (item.tone) li.className = item.tone;
    const title = document.createElement('strong');
    title.textContent = item.title;
    li.append(title);
    if (item.text) li.append(' ', item.text);
    if (item.when) {
      const when = document.createElement('div');
      when.className = 'when';
      when.textContent = item.when;
      li.append(when);
    }
    if (item.details?.length) li.append(detailsOf(item, item.key !== undefined && open.has(item.key)));
    return li;
  });
  if (rows.length === 0) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = empty;
    rows.push(li);
  }
  list.replaceChildren(...rows);
}

export const timeOf = (iso: string | number): string => new Date(iso).toLocaleTimeString();
