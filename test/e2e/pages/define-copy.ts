// One copy of the kit's elements, built as a self-contained module (its own lit, its own
// classes). The define-twice page loads two such builds: the second `latchkey/define` must find
// the tags taken and leave them, without throwing.
import 'latchkey/define';
// The class by path: the repository's tsconfig maps only `latchkey` (the build aliases all three).
import { LatchOtpInput } from '../../../components/index.ts';

declare global {
  interface Window {
    __copies?: CustomElementConstructor[];
  }
}

(window.__copies ??= []).push(LatchOtpInput);
