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
}

export function renderLog(list: HTMLElement, items: readonly LogItem[], empty: string): void {
  const rows = items.map((item) => {
    const li = document.createElement('li');
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
