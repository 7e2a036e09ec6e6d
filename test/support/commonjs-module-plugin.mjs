// @wagmi/core (the wagmi oracle of the browser tests) imports eventemitter3, whose ESM entry
// (index.mjs) default-imports its CommonJS index.js: the test server serves that file as it is,
// and a browser finds no default export in it. Serve each CommonJS file listed here as an ES
// module: given a `module` to fill, its `module.exports` as the default export.
// jsqr (the QR decoder of the Receive test) is a UMD bundle: it needs `exports` beside `module`.
const COMMONJS_FILES = ['/node_modules/eventemitter3/index.js', '/node_modules/jsqr/dist/jsQR.js'];

export function commonjsModulePlugin() {
  return {
    name: 'commonjs-module',
    transform(context) {
      if (!COMMONJS_FILES.some((path) => context.path.endsWith(path))) return undefined;
      return { body: `const module = { exports: {} };\nconst exports = module.exports;\n${context.body}\nexport default module.exports;\n` };
    },
  };
}
