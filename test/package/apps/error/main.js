// One name from the core entry: it must cost that name and what it needs, nothing of the kit.
import { LatchError } from 'latchkey';

window.latchkeyError = LatchError;
