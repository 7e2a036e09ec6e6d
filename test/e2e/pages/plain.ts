// Plain HTML: the elements are in the markup; the page's script calls configure() (the emulator's
// proxy and keys) and only then loads `latchkey/define`, so every element upgrades with the kit
// in place. Events are heard on `document` (they bubble and are composed).
import './shared/violations.ts';
import { logLatchEvents } from './shared/event-log.ts';
import { start } from './shared/boot.ts';

logLatchEvents(document);

start(async ({ kit }) => {
  // A reload keeps the session: pick it up before the elements render.
  await kit.restoreSession();
  await import('./shared/define-elements.ts');
  const status = document.getElementById('status')!;
  document.addEventListener('latch-login', (event) => (status.textContent = `Logged in: ${event.detail.session.userId}`));
  document.addEventListener('latch-logout', () => (status.textContent = 'Logged out.'));
});
