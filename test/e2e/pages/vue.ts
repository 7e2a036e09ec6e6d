// Vue 3 with render functions (no template compiler, so no eval under CSP): h('latch-auth', …)
// sets `kit` as a DOM property (Vue does for a custom element that has it), strings as
// attributes, and `onLatchLogin` / `onLatchError` listen for `latch-login` / `latch-error`.
import './shared/violations.ts';
import { createApp, h, markRaw, ref } from 'vue';
import { logEvent } from './shared/event-log.ts';
import { start } from './shared/boot.ts';

start(async ({ config, kit }) => {
  await import('./shared/define-elements.ts');
  const app = createApp({
    setup() {
      const status = ref('Not logged in.');
      return () =>
        h('section', [
          h('h1', 'Vue 3'),
          h('latch-auth', {
            id: 'auth',
            'proxy-url': config.proxyUrl,
            'config-id': config.configId,
            'signup-wallet': 'ethereum',
            methods: 'email,sms',
            // Not made reactive: the kit is a live object the element talks to.
            kit: markRaw(kit),
            onLatchLogin: (event: Event) => {
              logEvent(event, 'vue');
              status.value = `Vue saw latch-login (created: ${String((event as CustomEvent<{ created: boolean }>).detail.created)})`;
            },
            onLatchError: (event: Event) => {
              logEvent(event, 'vue');
              status.value = `Vue saw latch-error ${(event as CustomEvent<{ error: { code: string } }>).detail.error.code}`;
            },
          }),
          h('p', { id: 'framework-status', role: 'status' }, status.value),
        ]);
    },
  });
  // What a template-compiling Vue setup needs for latch-* tags; harmless with render functions.
  app.config.compilerOptions.isCustomElement = (tag: string) => tag.startsWith('latch-');
  app.mount('#app');
});
