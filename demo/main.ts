// The demo page's script. Until the components land it only shows where the emulator runs.
declare const __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string } | null;

const line = document.querySelector('#status');
if (line && __LATCHKEY_EMULATOR__) {
  line.textContent = `Emulator: Activity API ${__LATCHKEY_EMULATOR__.apiUrl}, auth proxy ${__LATCHKEY_EMULATOR__.proxyUrl}.`;
}

export {};
