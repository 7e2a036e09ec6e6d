/** Something that signs request bodies for the Activity API: an API key or a passkey. */
export interface Stamp {
  stampHeaderName: 'X-Stamp' | 'X-Stamp-Webauthn';
  stampHeaderValue: string;
}

export interface Stamper {
  /** Signs exactly `body` (the bytes that will be sent) and returns the header to send with it. */
  stamp(body: string): Promise<Stamp>;
}
