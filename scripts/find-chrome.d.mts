// Types for scripts/find-chrome.mjs, for the TypeScript tests and benches that drive Chromium.
export function findChrome(): string | undefined;
export function ensureChrome(options?: { log?: (line: string) => void }): string;
export const CHROME_FLAGS: string[];
