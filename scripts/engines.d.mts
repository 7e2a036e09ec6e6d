// Types for scripts/engines.mjs, for the TypeScript tests that pick a browser engine.
export type EngineName = 'chromium' | 'firefox' | 'webkit';
export declare const ENGINES: EngineName[];
export declare function findFirefox(): string | undefined;
export declare function findMiniBrowser(): string | undefined;
export declare function ensureEngines(engines?: EngineName[], options?: { log?: (line: string) => void }): Record<string, Record<string, string>>;
export declare function enginesFromEnv(value?: string): EngineName[];
