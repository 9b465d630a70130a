import { Injectable } from '@nestjs/common';
import type { Insights } from '@muster/contracts';
import { LiveChatService } from '../live-chat/live-chat.service.js';
import { TicketsService } from '../tickets/tickets.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Support insights over the last `days` days (UTC days, today included), from live chat and tickets. */
@Injectable()
export class InsightsService {
  constructor(
    private readonly chats: LiveChatService,
    private readonly tickets: TicketsService,
  ) {}

  async get(days: number, now = new Date()): Promise<Insights> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (days - 1) * DAY_MS);
    const to = new Date(today + DAY_MS);
    const [chats, tickets] = await Promise.all([this.chats.stats(from, to), this.tickets.stats(from, to)]);
    const perDay = Array.from({ length: days }, (_, i) => {
      const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      return { date, chats: chats.perDay.get(date) ?? 0, tickets: tickets.perDay.get(date) ?? 0 };
    });
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      days,
      chats: chats.chats,
      satisfaction: chats.satisfaction,
      tickets: tickets.totals,
      perOperator: chats.perOperator,
      busiestHours: chats.busiestHours,
      perDay,
    };
  }
}
