// Types for the independent key libraries the private-key tests check against (bitcoinjs' `wif`,
// cryptocoinjs' `secp256k1`); they ship none. Only what the tests call.
declare module 'wif' {
  interface Decoded {
    version: number;
    privateKey: Uint8Array;
    compressed: boolean;
  }
  const wif: {
    /** `privateKey` must be a Buffer: wif copies it with Buffer#copy. */
    encode(version: number, privateKey: Buffer, compressed: boolean): string;
    decode(text: string, version?: number): Decoded;
  };
  export default wif;
}

declare module 'secp256k1' {
  const secp256k1: {
    privateKeyVerify(key: Uint8Array): boolean;
    publicKeyCreate(key: Uint8Array, compressed?: boolean): Uint8Array;
  };
  export default secp256k1;
}
