/**
 * What a test page learns from `/e2e-config.json` (served by the test's static server): the
 * emulator's URLs and which auth proxy configuration to use. Shared by the tests (Node) and the
 * pages (browser); type-only here, so both can import it.
 */
export interface E2ePageConfig {
  apiUrl: string;
  proxyUrl: string;
  oauthUrl: string;
  configId: string;
}

export const PAGE_CONFIG_PATH = '/e2e-config.json';
