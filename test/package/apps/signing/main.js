// What a logged-in page needs to stamp and submit: key store, stamper, session, Activity client.
import { ActivityClient, ApiKeyStamper, IndexedDbKeyStore, SigningSession } from 'latchkey/signing';

window.latchkeySigning = { ActivityClient, ApiKeyStamper, IndexedDbKeyStore, SigningSession };
