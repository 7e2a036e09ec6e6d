/**
 * The emulator's side of the story, beside the elements: the OTP outbox (codes a real service
 * would have emailed or texted; each email's subject, From, Reply-To, magic link, text and HTML
 * under a disclosure) and the webhook deliveries, polled from the emulator's own
 * endpoints every ~1.5 s while the tab is visible.
 */
import { demoText } from './demo-text.ts';
import { renderLog, timeOf, type LogDetail, type LogItem } from './log-list.ts';

interface OutboxMessage {
  id: string;
  channel: string;
  to: string;
  code: string;
  createdAtIso: string;
  /** Emails: the message as the emulator rendered it. */
  subject?: string;
  from?: string;
  replyTo?: string;
  text: string;
  html?: string;
  magicLink?: string;
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

/** An email's rendered parts, as text (the HTML body too: shown as its source, never as markup). */
function messageDetails(m: OutboxMessage): LogDetail[] {
  const details: LogDetail[] = [];
  if (m.subject) details.push({ label: 'Subject', value: m.subject });
  if (m.from) details.push({ label: 'From', value: m.from });
  if (m.replyTo) details.push({ label: 'Reply-To', value: m.replyTo });
  if (m.magicLink) details.push({ label: 'Magic link', value: m.magicLink, link: true });
  details.push({ label: 'Text', value: m.text, pre: true });
  if (m.html) details.push({ label: 'HTML', value: m.html, pre: true });
  return details;
}

function outboxItems(messages: OutboxMessage[]): LogItem[] {
  return messages.slice(0, SHOWN).map((m) => ({
    key: m.id,
    title: m.code,
    text: `${m.channel.toLowerCase()} to ${m.to}`,
    when: timeOf(m.createdAtIso),
    ...(m.channel === 'EMAIL' ? { details: messageDetails(m) } : {}),
  }));
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
      if (messages.status === 'fulfilled') renderLog(outbox, outboxItems(messages.value.messages), demoText('noCode'));
      else renderLog(outbox, [], demoText('notAnswering'));
      if (deliveries.status === 'fulfilled') renderLog(webhooks, webhookItems(deliveries.value.deliveries), demoText('noActivity'));
    }
    if (!stopped) timer = setTimeout(() => void tick(), PERIOD_MS);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
