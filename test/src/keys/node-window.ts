// For the browser tests run in Node (*.node.test.ts): a `window` that is an EventTarget, as the
// page's global is, so `pagehide` can be dispatched and listened for. Node's globalThis has no
// addEventListener, and the stores' `globalThis.addEventListener?.(...)` would skip the listener.
const target = new EventTarget();
const g = globalThis as unknown as Record<string, unknown>;
if (typeof g.addEventListener !== 'function') {
  g.addEventListener = target.addEventListener.bind(target);
  g.removeEventListener = target.removeEventListener.bind(target);
  g.dispatchEvent = target.dispatchEvent.bind(target);
  g.window = globalThis;
  g.PageTransitionEvent = class PageTransitionEvent extends Event {
    readonly persisted: boolean;
    constructor(type: string, init: EventInit & { persisted?: boolean } = {}) {
      super(type, init);
      this.persisted = init.persisted ?? false;
    }
  };
}
export {};
