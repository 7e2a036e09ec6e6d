// Types for scripts/manifest.mjs, for the TypeScript tests.
export function manifestElements(manifest: unknown): unknown[];
export function vscodeCustomData(manifest: unknown): unknown;
export function buildManifest(outdir?: string): unknown;
