/** Why a session changed: it refreshed itself, adopted another tab's session, or logged out. */
export type SessionChangeReason = 'refresh' | 'adopt' | 'logout';

/** `change`: the session now has another key and JWT, or none (`reason: 'logout'`). */
export class SessionChangeEvent extends Event {
  readonly reason: SessionChangeReason;
  constructor(reason: SessionChangeReason) {
    super('change');
    this.reason = reason;
  }
}

/** `expiring` (the configured lead time before expiry) and `expired` (at expiry). */
export class SessionExpiryEvent extends Event {
  /** Milliseconds since epoch. */
  readonly expiresAt: number;
  constructor(type: 'expiring' | 'expired', expiresAt: number) {
    super(type);
    this.expiresAt = expiresAt;
  }
}
