/**
 * The demo's API reference: each element's attributes, properties, events, slots, parts and CSS
 * custom properties, read from the Custom Elements Manifest that `npm run build` ships (served at
 * /custom-elements.json by `npm start`), beside a live instance of the element. Loaded when the
 * reader opens it. Built with DOM calls and textContent only: the page runs under Trusted Types.
 */
import type { LatchKit } from 'latchkey';

interface Entry {
  name: string;
  description?: string;
  type?: { text?: string };
  default?: string;
  fieldName?: string;
}
interface Element {
  tagName: string;
  summary?: string;
  attributes?: Entry[];
  members?: (Entry & { kind: string; static?: boolean; privacy?: string; readonly?: boolean })[];
  events?: Entry[];
  slots?: Entry[];
  cssParts?: Entry[];
  cssProperties?: Entry[];
}

function make<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** One table (caption, header row, a row per entry), or nothing when there are no entries. */
function table(caption: string, columns: [string, (entry: Entry) => string][], entries: Entry[] | undefined): HTMLElement[] {
  if (!entries?.length) return [];
  const t = make('table', undefined, 'api-table');
  t.append(make('caption', caption));
  const head = make('tr');
  for (const [title] of columns) {
    const th = make('th', title);
    th.scope = 'col';
    head.append(th);
  }
  t.append(make('thead'));
  t.tHead!.append(head);
  const body = make('tbody');
  for (const entry of entries) {
    const row = make('tr');
    columns.forEach(([, value], i) => {
      const cell = i === 0 ? make('th', value(entry)) : make('td', value(entry));
      if (i === 0) (cell as HTMLTableCellElement).scope = 'row';
      row.append(cell);
    });
    body.append(row);
  }
  t.append(body);
  return [t];
}

const describeEntry = (e: Entry) => (e.description ?? '').replace(/\s+/g, ' ');

function elementSection(element: Element, kit: LatchKit): HTMLElement {
  const section = make('section', undefined, 'api-element');
  const heading = make('h3');
  heading.append(make('code', `<${element.tagName}>`));
  section.append(heading, make('p', (element.summary ?? '').replace(/\s+/g, ' ')));
  const live = make('div', undefined, 'api-live');
  live.setAttribute('role', 'group');
  live.setAttribute('aria-label', `A live <${element.tagName}>`);
  const instance = document.createElement(element.tagName) as HTMLElement & { kit?: LatchKit };
  instance.kit = kit;
  live.append(instance);
  const properties = (element.members ?? []).filter((m) => m.kind === 'field' && !m.static && m.privacy !== 'private' && m.privacy !== 'protected' && !m.name.startsWith('#'));
  section.append(
    live,
    ...table('Attributes', [['Name', (e) => e.name], ['Type', (e) => e.type?.text ?? ''], ['Default', (e) => e.default ?? ''], ['Description', describeEntry]], element.attributes),
    ...table('Properties', [['Name', (e) => e.name], ['Type', (e) => e.type?.text ?? ''], ['Description', describeEntry]], properties),
    ...table('Events', [['Name', (e) => e.name], ['Type', (e) => e.type?.text ?? ''], ['Description', describeEntry]], element.events),
    ...table('Slots', [['Name', (e) => e.name || '(default)'], ['Description', describeEntry]], element.slots),
    ...table('Parts', [['Name', (e) => e.name], ['Description', describeEntry]], element.cssParts),
    ...table('CSS custom properties', [['Name', (e) => e.name], ['Description', describeEntry]], element.cssProperties),
  );
  return section;
}

/** Fills `host` once, the first time `details` opens. */
export function mountApiReference(details: HTMLDetailsElement, host: HTMLElement, kit: () => LatchKit | undefined): void {
  let loaded = false;
  details.addEventListener('toggle', () => {
    if (!details.open || loaded) return;
    loaded = true;
    void render(host, kit);
  });
}

async function render(host: HTMLElement, kit: () => LatchKit | undefined): Promise<void> {
  host.replaceChildren(make('p', 'Loading the manifest…', 'muted'));
  let elements: Element[];
  try {
    const manifest = (await (await fetch('/custom-elements.json')).json()) as { modules: { declarations?: Element[] }[] };
    elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName).sort((a, b) => a.tagName.localeCompare(b.tagName));
  } catch {
    host.replaceChildren(make('p', 'The manifest could not be loaded: run `npm start` (it makes it) or `npm run build`.', 'muted'));
    return;
  }
  const label = make('label', 'Element');
  label.htmlFor = 'api-element';
  const select = make('select');
  select.id = 'api-element';
  for (const element of elements) {
    const option = make('option', `<${element.tagName}>`);
    option.value = element.tagName;
    select.append(option);
  }
  const shown = make('div');
  const show = () => {
    const element = elements.find((e) => e.tagName === select.value);
    const current = kit();
    if (element && current) shown.replaceChildren(elementSection(element, current));
  };
  select.addEventListener('change', show);
  host.replaceChildren(make('div', undefined, 'api-picker'), shown);
  host.firstElementChild!.append(label, select);
  show();
}
