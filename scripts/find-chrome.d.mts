// Types for scripts/find-chrome.mjs, for the TypeScript tests and benches that drive Chromium.
export function findChrome(): string | undefined;
export const CHROME_FLAGS: string[];
