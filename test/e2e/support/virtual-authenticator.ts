/**
 * Passkeys without a person: a Chrome DevTools Protocol virtual authenticator on the page (a
 * platform authenticator with resident keys and user verification that always says yes). The
 * CDP session is kept for the page's life: detaching it would remove the authenticator.
 */
import type { CDPSession, Page } from 'puppeteer-core';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** How many credentials the authenticator holds. */
  credentialCount(): Promise<number>;
  /** Makes the next ceremonies fail user verification (a person pressing Cancel). */
  setUserVerified(verified: boolean): Promise<void>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.createCDPSession();
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  // WebAuthn refuses a page without window focus.
  await page.bringToFront();
  return {
    cdp,
    authenticatorId,
    credentialCount: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
    setUserVerified: async (isUserVerified) => void (await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified })),
  };
}
