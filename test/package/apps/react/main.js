// React 19 renders <latch-auth> as a custom element (React 19 passes properties and listens to
// custom events natively). No JSX, so the app needs no React plugin.
import { createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { configure } from 'latchkey';
import 'latchkey/auth';

function App() {
  useEffect(() => {
    configure({ proxyUrl: 'https://authproxy.turnkey.com', configId: 'YOUR-CONFIG-ID' });
  }, []);
  // React 19 listens to a custom element's event by the prop 'on' + the exact event name.
  return createElement('latch-auth', { 'onlatch-login': (event) => console.log(event.type) });
}

createRoot(document.getElementById('root')).render(createElement(App));
