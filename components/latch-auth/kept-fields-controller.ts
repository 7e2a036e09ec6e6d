/**
 * What the person typed into the email and phone fields, and the focus, kept across a re-render
 * to another config: `<latch-auth>` rendered a returning visitor's methods from the kept config
 * and the answer enables other ones. Lit keeps a field that stays where it was; a field whose
 * place in the list moved is a new node, empty and unfocused, unless this puts them back.
 */
import type { ReactiveController } from 'lit';
import type { WalletKitConfig } from '../../src/clients/proxy-types.ts';

interface Typed {
  value: string;
  focused: boolean;
  selection: [number | null, number | null];
}

/** The drop-in, as far as this needs it. */
interface Host {
  readonly renderRoot: HTMLElement | DocumentFragment;
  addController(controller: ReactiveController): void;
}

const focusIn = (root: HTMLElement | DocumentFragment): Element | null => (root instanceof ShadowRoot ? root.activeElement : document.activeElement);

const fields = (root: ParentNode): HTMLInputElement[] => Array.from(root.querySelectorAll<HTMLInputElement>('form[data-method] input[name]'));

export class KeptFieldsController implements ReactiveController {
  readonly #host: Host;
  readonly #config: () => WalletKitConfig | null;
  #rendered: WalletKitConfig | null = null;
  #typed: Map<string, Typed> | undefined;

  /** `config`: the config the host renders; whenever it changes, the fields are kept. */
  constructor(host: Host, config: () => WalletKitConfig | null) {
    (this.#host = host).addController(this);
    this.#config = config;
  }

  // Before the render, whoever asked for it (the answer's store update, the host itself).
  hostUpdate(): void {
    const config = this.#config();
    const root = this.#host.renderRoot;
    if (this.#rendered && config !== this.#rendered) {
      const active = focusIn(root);
      this.#typed = new Map(fields(root).map((f) => [f.name, { value: f.value, focused: f === active, selection: [f.selectionStart, f.selectionEnd] }]));
    }
    this.#rendered = config;
  }

  hostUpdated(): void {
    const typed = this.#typed;
    const root = this.#host.renderRoot;
    this.#typed = undefined;
    if (!typed) return;
    for (const field of fields(root)) {
      const was = typed.get(field.name);
      if (!was) continue;
      if (field.value !== was.value) field.value = was.value;
      if (was.focused && focusIn(root) !== field) {
        field.focus();
        // An email field has no selection API (null, and setSelectionRange throws).
        if (was.selection[0] !== null) field.setSelectionRange(...was.selection);
      }
    }
  }
}
