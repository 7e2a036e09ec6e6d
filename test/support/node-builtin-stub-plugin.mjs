// @hpke/common (under @hpke/core, the bundles' HPKE) has a dead
// `await import("crypto")` Node fallback; the test server's node
// resolution fails on it (docs/toolchain.md #3). Serve an empty module for Node built-ins instead.
const STUB_PATH = '/__node-builtin-stub.js';
const BUILTINS = new Set(['crypto', 'node:crypto']);

export function nodeBuiltinStubPlugin() {
  return {
    name: 'node-builtin-stub',
    resolveImport({ source }) {
      if (BUILTINS.has(source)) return STUB_PATH;
      return undefined;
    },
    serve(context) {
      if (context.path === STUB_PATH) return { body: 'export default {};', type: 'js' };
      return undefined;
    },
  };
}
