// The demo page's script. Until the components land it only shows where the emulator runs.
declare const __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string } | null;

const status = document.querySelector('#status');
if (status && __LATCHKEY_EMULATOR__) {
  status.textContent = `Emulator: Activity API ${__LATCHKEY_EMULATOR__.apiUrl}, auth proxy ${__LATCHKEY_EMULATOR__.proxyUrl}.`;
}
