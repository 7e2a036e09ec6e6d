// `latchkey/define` behind a module of the page's own, so pages can load it after configure()
// with a dynamic import (TypeScript resolves a side-effect import without needing its types).
import 'latchkey/define';
