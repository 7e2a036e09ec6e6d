/** The CDN build's output folder (`dist/cdn`). */
export const CDN_DIR: string;
/** Builds `dist/cdn/` (self-contained ES modules); resolves with esbuild's metafile. */
export function buildCdn(): Promise<{ outputs: Record<string, unknown> }>;
