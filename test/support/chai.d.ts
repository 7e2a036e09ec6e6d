// Types for the ESM build of chai imported by path in harness.ts.
declare module '@esm-bundle/chai/esm/chai.js' {
  import type chai from 'chai';
  export const expect: typeof chai.expect;
  export const assert: typeof chai.assert;
}
