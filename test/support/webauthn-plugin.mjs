// Passkeys without a person: a server command that gives the test page a Chrome DevTools
// Protocol virtual authenticator (docs/toolchain.md "WebAuthn in tests"). One CDP session per page,
// kept for the page's life: detaching would drop the authenticator.
// From a test: executeServerCommand('webauthn', { action: 'add' | 'set-user-verified' | 'credentials' | 'remove', ... }).
const sessions = new Map();

async function cdpFor(session) {
  const page = session.browser.getPage(session.id);
  let entry = sessions.get(page);
  if (!entry) {
    const cdp = await page.createCDPSession();
    await cdp.send('WebAuthn.enable', { enableUI: false });
    entry = { cdp, page, authenticatorId: undefined };
    sessions.set(page, entry);
    page.once('close', () => sessions.delete(page));
  }
  return entry;
}

export function webauthnPlugin() {
  return {
    name: 'latchkey-webauthn',
    async executeCommand({ command, payload = {}, session }) {
      if (command !== 'webauthn') return undefined;
      const entry = await cdpFor(session);
      const { cdp, page } = entry;
      switch (payload.action) {
        case 'add': {
          if (entry.authenticatorId) {
            await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: entry.authenticatorId });
          }
          const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
            options: {
              protocol: 'ctap2',
              ctap2Version: 'ctap2_1',
              transport: 'internal',
              hasResidentKey: true,
              hasUserVerification: true,
              isUserVerified: true,
              automaticPresenceSimulation: true,
              ...(payload.prf ? { hasPrf: true } : {}),
            },
          });
          entry.authenticatorId = authenticatorId;
          // WebAuthn refuses pages without window focus.
          await page.bringToFront();
          return { authenticatorId };
        }
        case 'set-user-verified':
          await cdp.send('WebAuthn.setUserVerified', { authenticatorId: entry.authenticatorId, isUserVerified: Boolean(payload.value) });
          return { ok: true };
        case 'set-presence':
          await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: entry.authenticatorId, enabled: Boolean(payload.value) });
          return { ok: true };
        case 'credentials': {
          const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: entry.authenticatorId });
          return credentials.map(({ credentialId, rpId, isResidentCredential, signCount }) => ({ credentialId, rpId, isResidentCredential, signCount }));
        }
        case 'remove':
          if (entry.authenticatorId) await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: entry.authenticatorId });
          entry.authenticatorId = undefined;
          return { ok: true };
        default:
          throw new Error('Unknown webauthn action.');
      }
    },
  };
}
