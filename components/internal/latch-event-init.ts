/**
 * The init of every Latchkey event: it bubbles and is composed (crosses shadow roots), so a page
 * can listen once on `document` or on the drop-in. Event classes pass it to `super`:
 *
 *   super(LatchThingDoneEvent.type, latchEventInit(detail));
 */
export const latchEventInit = <T>(detail: T): CustomEventInit<T> => ({ bubbles: true, composed: true, detail });
