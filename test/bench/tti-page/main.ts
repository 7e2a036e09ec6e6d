// The time-to-interactive page: the probe is imported first, so its `latch-script-start` mark is
// the first statement the bundle runs (a module's own body runs after its imports); then the
// drop-in is defined the way the size bench's `<latch-auth>` entry loads it, and the probe
// watches it until it is interactive.
import { watchLatchAuth } from './tti-probe.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';

LatchAuth.define();
watchLatchAuth(document.querySelector('latch-auth'));
