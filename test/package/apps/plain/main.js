// The README's "Embedding" snippet, word for word: the drop-in login and nothing else.
import { configure } from 'latchkey';
import 'latchkey/auth';

configure({ proxyUrl: 'https://authproxy.turnkey.com', configId: 'YOUR-CONFIG-ID' });
