/**
 * The emulator's side of the story, beside the elements: the OTP outbox (codes a real service
 * would have emailed or texted) and the webhook deliveries, polled from the emulator's own
 * endpoints every ~1.5 s while the tab is visible.
 */
import { renderLog, timeOf, type LogItem } from './log-list.ts';

interface OutboxMessage {
  channel: string;
  to: string;
  code: string;
  createdAtIso: string;
}

interface Delivery {
  eventType: string;
  state: string;
  activityId?: string;
  attempts: { status?: number; atIso: string }[];
}

const SHOWN = 8;
const PERIOD_MS = 1500;

async function getJson<T>(url: string): Promise<T> {
  const answer = await fetch(url, { cache: 'no-store' });
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
  return (await answer.json()) as T;
}

function outboxItems(messages: OutboxMessage[]): LogItem[] {
  return messages.slice(0, SHOWN).map((m) => ({ title: m.code, text: `${m.channel.toLowerCase()} to ${m.to}`, when: timeOf(m.createdAtIso) }));
}

function webhookItems(deliveries: Delivery[]): LogItem[] {
  return deliveries.slice(0, SHOWN).map((d) => {
    const last = d.attempts[d.attempts.length - 1];
    return {
      title: d.eventType,
      text: `${d.state.toLowerCase()}${last?.status ? ` (HTTP ${last.status})` : ''}`,
      ...(last ? { when: timeOf(last.atIso) } : {}),
      tone: d.state === 'DELIVERED' ? 'ok' : d.state === 'FAILED' ? 'failed' : undefined,
    } as LogItem;
  });
}

/** Starts polling; returns a function that stops it. */
export function pollEmulator(apiUrl: string, outbox: HTMLElement, webhooks: HTMLElement): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async (): Promise<void> => {
    if (!document.hidden) {
      const [messages, deliveries] = await Promise.allSettled([
        getJson<{ messages: OutboxMessage[] }>(`${apiUrl}/__outbox`),
        getJson<{ deliveries: Delivery[] }>(`${apiUrl}/__webhooks`),
      ]);
      if (messages.status === 'fulfilled') renderLog(outbox, outboxItems(messages.value.messages), 'No code sent yet.');
      else renderLog(outbox, [], 'The emulator is not answering.');
      if (deliveries.status === 'fulfilled') renderLog(webhooks, webhookItems(deliveries.value.deliveries), 'No activity yet.');
    }
    if (!stopped) timer = setTimeout(() => void tick(), PERIOD_MS);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
