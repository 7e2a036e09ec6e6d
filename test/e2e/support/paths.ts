// Where the end-to-end tests find the repository and their pages.
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const PAGES_DIR = fileURLToPath(new URL('../pages/', import.meta.url));
export const DEMO_DIR = fileURLToPath(new URL('../../../demo/', import.meta.url));
