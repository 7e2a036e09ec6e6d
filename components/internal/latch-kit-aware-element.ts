/**
 * LatchKitAwareElement: the base of the elements that talk to a LatchKit (`<latch-session>`,
 * `<latch-signup>`, `<latch-proof-badge>`, `<latch-wallet>`, `<latch-onramp>`,
 * `<latch-tx-status>`). On top of LatchElement it has the three ways a page names the kit and
 * `resolvedKit`, the kit they name now (resolve-kit.ts), re-rendering when `configure()` sets a
 * new page kit. It holds no kit state of its own: an element that acts through the logged-in
 * session adds a `KitSessionController`.
 */
import type { PropertyDeclarations } from 'lit';
import { $defaultKit } from '../../src/kit/configure.ts';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import { LatchElement } from './latch-element.ts';
import { resolveKit } from './resolve-kit.ts';
import { StoreController } from './store-controller.ts';

export class LatchKitAwareElement extends LatchElement {
  // Lit's static declaration rather than decorators: the decorator helpers are no code a page's
  // first load should carry (the drop-in's initial chunk has a size budget).
  static override properties: PropertyDeclarations = {
    kit: { attribute: false },
    proxyUrl: { attribute: 'proxy-url' },
    configId: { attribute: 'config-id' },
  };

  /**
   * The page's `configure()` kit (`.value`). Subscribed so that a later configure() re-renders
   * the element, whose update then finds the new kit (elements re-resolve their kit on every
   * update: latch-auth reloads, KitSessionController restores the kit's session).
   */
  protected readonly pageKit = new StoreController(this, $defaultKit);

  /** The kit to use; wins over `proxy-url` + `config-id` and over the page's `configure()` kit. */
  kit: LatchKit | undefined;

  /** The auth proxy URL (with `config-id`: picks the shared kit for that pair). Default: the hosted auth proxy. */
  proxyUrl: string | undefined;

  /** The auth proxy configuration id (picks the shared kit for `proxy-url` + this id). Without it, and without `kit`, the element uses the page's `configure()` kit. */
  configId: string | undefined;

  /** The kit this element talks to now (`kit`, else `proxy-url` + `config-id`, else `configure()`), or undefined when none is configured. */
  get resolvedKit(): LatchKit | undefined {
    return resolveKit(this);
  }
}
