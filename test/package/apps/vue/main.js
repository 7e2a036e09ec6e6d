// Vue 3 renders <latch-auth> through a render function (no SFC compiler needed in the app).
import { createApp, h, onMounted } from 'vue';
import { configure } from 'latchkey';
import 'latchkey/auth';

createApp({
  setup() {
    onMounted(() => configure({ proxyUrl: 'https://authproxy.turnkey.com', configId: 'YOUR-CONFIG-ID' }));
    return () => h('latch-auth', { onLatchLogin: (event) => console.log(event.type) });
  },
}).mount('#app');
