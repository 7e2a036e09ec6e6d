/**
 * A real emulator for one end-to-end test file: loopback, ephemeral ports, quiet, with the
 * extra proxy configurations the tests name, plus the helpers a person would use beside it
 * (the OTP outbox, the webhook log).
 */
import assert from 'node:assert/strict';
import { createEmulator, type Emulator, type EmulatorUrls } from '../../../demo/emulator/emulator.ts';

export interface E2eEmulator {
  emulator: Emulator;
  urls: EmulatorUrls;
  /** The newest OTP code sent to `contact`, waiting for it up to `timeoutMs`. */
  latestCode(contact: string, options?: { after?: number; timeoutMs?: number }): Promise<string>;
  /** How many OTP messages went to `contact` so far. */
  outboxCount(contact: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startE2eEmulator(proxyConfigs: unknown[] = []): Promise<E2eEmulator> {
  const emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, proxyConfigs });
  const urls = await emulator.start();
  const outbox = async (contact: string): Promise<{ code: string; createdAt: number }[]> => {
    const answer = await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`);
    return ((await answer.json()) as { messages: { code: string; createdAt: number }[] }).messages;
  };
  return {
    emulator,
    urls,
    async latestCode(contact, { after = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const messages = await outbox(contact);
        if (messages.length > after) return messages[0]!.code;
        assert.ok(Date.now() < deadline, `no OTP delivered to ${contact} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    outboxCount: async (contact) => (await outbox(contact)).length,
    stop: () => emulator.stop(),
  };
}
