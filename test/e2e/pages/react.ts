// React 19 renders <latch-auth> as any custom element: string props become attributes, the
// `kit` object becomes a property (React 19 sets a prop as a property when the element has it),
// and `onlatch-login` / `onlatch-error` are listeners for those events. No JSX: createElement.
import './shared/violations.ts';
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { LatchKit } from 'latchkey';
import { logEvent } from './shared/event-log.ts';
import { start } from './shared/boot.ts';
import type { E2ePageConfig } from '../support/page-config.ts';

function App({ config, kit }: { config: E2ePageConfig; kit: LatchKit }) {
  const [status, setStatus] = useState('Not logged in.');
  return h(
    'section',
    null,
    h('h1', null, 'React 19'),
    h('latch-auth', {
      id: 'auth',
      'proxy-url': config.proxyUrl,
      'config-id': config.configId,
      'signup-wallet': 'ethereum',
      methods: 'email,sms',
      kit,
      'onlatch-login': (event: Event) => {
        logEvent(event, 'react');
        setStatus(`React saw latch-login (created: ${String((event as CustomEvent<{ created: boolean }>).detail.created)})`);
      },
      'onlatch-error': (event: Event) => {
        logEvent(event, 'react');
        setStatus(`React saw latch-error ${(event as CustomEvent<{ error: { code: string } }>).detail.error.code}`);
      },
    }),
    h('p', { id: 'framework-status', role: 'status' }, status),
  );
}

start(async (booted) => {
  // Defined before React creates the element, so React sees `kit` as a property of it.
  await import('./shared/define-elements.ts');
  createRoot(document.getElementById('root')!).render(h(App, booted));
});
