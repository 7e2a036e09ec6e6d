// Types for the ESM build of chai imported by path in harness.ts.
declare module '@esm-bundle/chai/esm/chai.js' {
  export * from '@esm-bundle/chai';
}
