// A real paste without a person: a server command that puts text on Chromium's clipboard and
// presses the paste shortcut in the test page through the Chrome DevTools Protocol, so the page
// gets the browser's own trusted `paste` event (isTrusted, real clipboardData), not one a test
// script made. Chromium only (CDP).
// From a test: executeServerCommand('clipboard-paste', { text }).
export function clipboardPlugin() {
  return {
    name: 'latchkey-clipboard',
    async executeCommand({ command, payload = {}, session }) {
      if (command !== 'clipboard-paste') return undefined;
      const page = session.browser.getPage(session.id);
      const cdp = await page.createCDPSession();
      try {
        const origin = new URL(page.url()).origin;
        await cdp.send('Browser.grantPermissions', { origin, permissions: ['clipboardReadWrite', 'clipboardSanitizedWrite'] });
        // The clipboard API wants a focused document.
        await page.bringToFront();
        // eslint-disable-next-line no-undef -- runs in the page, where navigator exists
        await page.evaluate((text) => navigator.clipboard.writeText(text), String(payload.text ?? ''));
        // Ctrl+V with the editing command attached: what the browser runs for the shortcut.
        const key = { key: 'v', code: 'KeyV', windowsVirtualKeyCode: 86, modifiers: 2 };
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, commands: ['paste'] });
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
        return { ok: true };
      } finally {
        await cdp.detach();
      }
    },
  };
}
