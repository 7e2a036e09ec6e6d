/**
 * `latchkey/define`: defines every Latchkey element, idempotently (an element already defined,
 * e.g. by a second copy of the kit, is left alone).
 */
export {};
