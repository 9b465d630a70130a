import { TICKET_SLA_HOURS } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { KnowledgeArticle } from '../modules/knowledge/entities/article.entity.js';
import { TicketEvent } from '../modules/tickets/entities/ticket-event.entity.js';
import { Ticket } from '../modules/tickets/entities/ticket.entity.js';

interface Person {
  id: string;
  name: string;
  email: string;
}

const HOUR_MS = 3_600_000;

/**
 * What the role dashboards would otherwise show as zeros in the demo: a question the demo crew
 * member asked support this morning (their dashboard's tickets, on track in the support queue) and
 * a knowledge article a support operator sent for review (support's "articles in review").
 */
export async function seedDashboards(
  tx: EntityManager,
  org: { id: string; name: string },
  people: { user: Person; sysops: Person },
  now = new Date(),
): Promise<void> {
  const created = new Date(now.getTime() - 2 * HOUR_MS);
  const sla = TICKET_SLA_HOURS.low;
  const ticket = await tx.save(
    tx.create(Ticket, {
      orgId: org.id,
      orgName: org.name,
      requesterUserId: people.user.id,
      requesterName: people.user.name,
      requesterEmail: people.user.email,
      subject: 'Where do I check in during the man overboard drill?',
      description: 'The drill on berth 2 lists two muster points. Which one should the quay crew use, and can I check in from my phone?',
      category: 'drills',
      priority: 'low',
      status: 'open',
      firstResponseDueAt: new Date(created.getTime() + sla.firstResponse * HOUR_MS),
      resolutionDueAt: new Date(created.getTime() + sla.resolution * HOUR_MS),
      createdAt: created,
    }),
  );
  await tx.save(
    tx.create(TicketEvent, {
      ticketId: ticket.id,
      actorUserId: people.user.id,
      actorName: people.user.name,
      kind: 'created',
      from: null,
      to: 'open',
      createdAt: created,
    }),
  );
  await tx.save(
    tx.create(KnowledgeArticle, {
      title: 'Checking in to a drill from your phone',
      body: [
        'When a drill starts, every participant gets a notification with a check-in link.',
        '',
        '1. Open the link on your phone and sign in if asked.',
        '2. Choose the muster point where you are standing.',
        '3. Tap **Check in**: the drill lead sees you on the roster at once.',
        '',
        'No signal at the muster point? Tell the drill lead: they can check you in from the console.',
      ].join('\n'),
      tags: ['drills', 'check-in', 'mobile'],
      language: 'en',
      status: 'in_review',
      authorUserId: people.sysops.id,
      authorName: people.sysops.name,
    }),
  );
}
