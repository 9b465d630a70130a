import { TICKET_SLA_HOURS } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { CannedResponseRow } from '../modules/live-chat/entities/canned-response.entity.js';
import { ChatMessageRow } from '../modules/live-chat/entities/chat-message.entity.js';
import { Chat } from '../modules/live-chat/entities/chat.entity.js';
import { TicketEvent } from '../modules/tickets/entities/ticket-event.entity.js';
import { Ticket } from '../modules/tickets/entities/ticket.entity.js';

type Person = { id: string; name: string; email: string };

/** Shared canned responses every operator starts with. */
const CANNED = [
  { shortcut: 'hello', title: 'Greeting', body: 'Hello! Thanks for reaching out to Muster support. How can I help you today?' },
  { shortcut: 'moment', title: 'One moment', body: 'Thanks — let me look into that for you. This will take a minute or two.' },
  {
    shortcut: 'ticket',
    title: 'Follow up by ticket',
    body: 'I have opened a ticket for this so we can follow up by email. You will get a reply as soon as we know more.',
  },
  {
    shortcut: 'bye',
    title: 'Closing',
    body: 'Is there anything else I can help with? If not, have a safe day and thank you for using Muster.',
  },
];

interface DemoChat {
  daysAgo: number;
  hour: number;
  customer: 'member' | { name: string; email: string };
  operator: 'SYSOPS' | 'DEPUTY_ADMIN';
  firstResponseSeconds: number;
  minutes: number;
  rating: number | null;
  lines: [who: 'customer' | 'operator', text: string][];
}

const CHATS: DemoChat[] = [
  {
    daysAgo: 6,
    hour: 9,
    customer: 'member',
    operator: 'SYSOPS',
    firstResponseSeconds: 40,
    minutes: 9,
    rating: 5,
    lines: [
      ['customer', 'How do I add a stowaway scenario to our drill templates?'],
      ['operator', 'Open Drill Templates, choose "New template" and pick Security → Stowaway as the scenario.'],
      ['customer', 'Found it, thank you!'],
    ],
  },
  {
    daysAgo: 4,
    hour: 14,
    customer: { name: 'Tomas Reyes', email: 'tomas.reyes@bluewater-shipping.example' },
    operator: 'DEPUTY_ADMIN',
    firstResponseSeconds: 95,
    minutes: 14,
    rating: 4,
    lines: [
      ['customer', 'Does the Standard plan include SCIM provisioning?'],
      ['operator', 'SCIM is part of the Enterprise plan. Standard includes SSO-ready accounts and audit trails.'],
      ['customer', 'Understood, I will talk to our IT team.'],
    ],
  },
  {
    daysAgo: 2,
    hour: 10,
    customer: 'member',
    operator: 'SYSOPS',
    firstResponseSeconds: 25,
    minutes: 6,
    rating: 5,
    lines: [
      ['customer', 'The QR code on our compliance packet does not open on my phone.'],
      ['operator', 'The code opens the public verification page. Could you check the phone has a connection?'],
      ['customer', 'It works now, it was the port Wi-Fi.'],
    ],
  },
  {
    daysAgo: 1,
    hour: 16,
    customer: { name: 'Leila Haddad', email: 'leila.haddad@gulfterminal.example' },
    operator: 'SYSOPS',
    firstResponseSeconds: 180,
    minutes: 21,
    rating: 3,
    lines: [
      ['customer', 'Can auditors see our evidence vault without an account?'],
      ['operator', 'Yes: invite them as guest auditors. They sign in with an emailed code and see only what the invite allows.'],
    ],
  },
];

const TICKETS = [
  {
    subject: 'Drill reminder emails arrive in English only',
    description: 'Our participants read Spanish. Can the drill reminders be sent in Spanish?',
    category: 'drills' as const,
    priority: 'normal' as const,
    status: 'open' as const,
    daysAgo: 1,
  },
  {
    subject: 'Invoice for October shows two overage blocks',
    description: 'We ran 12 drills on the Basic plan in October; the invoice shows two blocks of overage. Please check.',
    category: 'billing' as const,
    priority: 'high' as const,
    status: 'pending' as const,
    daysAgo: 3,
  },
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Support demo data: shared canned responses, a few ended and rated live chats over the last
 * week (so support insights show something) and two tickets from the demo organisation.
 */
export async function seedSupport(
  tx: EntityManager,
  org: { id: string; name: string },
  people: { member: Person; manager: Person; SYSOPS: Person; DEPUTY_ADMIN: Person },
): Promise<void> {
  for (const canned of CANNED) {
    await tx.save(
      tx.create(CannedResponseRow, { ...canned, ownerUserId: null, authorUserId: people.SYSOPS.id, authorName: people.SYSOPS.name }),
    );
  }
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  for (const demo of CHATS) {
    const start = new Date(midnight - demo.daysAgo * DAY_MS + demo.hour * HOUR_MS);
    const operator = people[demo.operator];
    const customer = demo.customer === 'member' ? { ...people.member, userId: people.member.id } : { ...demo.customer, userId: null };
    const closedAt = new Date(start.getTime() + demo.minutes * 60_000);
    const seqs = demo.lines.length + 2;
    const chat = await tx.save(
      tx.create(Chat, {
        orgId: customer.userId ? org.id : null,
        orgName: customer.userId ? org.name : null,
        customerUserId: customer.userId,
        customerName: customer.name,
        customerEmail: customer.email,
        customerIp: null,
        visitorTokenHash: null,
        status: 'closed',
        language: 'en',
        subject: demo.lines[0]![1],
        operatorUserId: operator.id,
        operatorName: operator.name,
        assignedAt: new Date(start.getTime() + 5_000),
        firstResponseAt: new Date(start.getTime() + demo.firstResponseSeconds * 1000),
        closedAt,
        closedReason: 'customer',
        lastSeq: seqs,
        lastMessageAt: closedAt,
        customerReadSeq: seqs,
        operatorReadSeq: seqs,
        rating: demo.rating,
        ratingComment: null,
        ticketId: null,
        createdAt: start,
      }),
    );
    const rows: Partial<ChatMessageRow>[] = [];
    let seq = 0;
    let at = start.getTime();
    const push = (row: Partial<ChatMessageRow>) =>
      rows.push({ chatId: chat.id, seq: ++seq, clientId: null, attachmentId: null, event: null, ...row, createdAt: new Date(at) });
    push({ kind: 'customer', senderUserId: customer.userId, senderName: customer.name, body: demo.lines[0]![1] });
    at += 5_000;
    push({
      kind: 'system',
      senderUserId: null,
      senderName: 'Muster',
      body: `${operator.name} joined the chat`,
      event: { type: 'assigned', operator: { id: operator.id, name: operator.name } },
    });
    at = start.getTime() + demo.firstResponseSeconds * 1000;
    for (const [who, text] of demo.lines.slice(1)) {
      push(
        who === 'operator'
          ? { kind: 'operator', senderUserId: operator.id, senderName: operator.name, body: text }
          : { kind: 'customer', senderUserId: customer.userId, senderName: customer.name, body: text },
      );
      at += 60_000;
    }
    at = closedAt.getTime();
    push({
      kind: 'system',
      senderUserId: null,
      senderName: 'Muster',
      body: 'The customer ended the chat',
      event: { type: 'closed', by: 'customer' },
    });
    for (const row of rows) await tx.save(tx.create(ChatMessageRow, row));
  }
  for (const demo of TICKETS) {
    const created = new Date(today.getTime() - demo.daysAgo * DAY_MS);
    const sla = TICKET_SLA_HOURS[demo.priority];
    const ticket = await tx.save(
      tx.create(Ticket, {
        orgId: org.id,
        orgName: org.name,
        requesterUserId: people.manager.id,
        requesterName: people.manager.name,
        requesterEmail: people.manager.email,
        subject: demo.subject,
        description: demo.description,
        category: demo.category,
        priority: demo.priority,
        status: demo.status,
        firstResponseDueAt: new Date(created.getTime() + sla.firstResponse * HOUR_MS),
        resolutionDueAt: new Date(created.getTime() + sla.resolution * HOUR_MS),
        createdAt: created,
      }),
    );
    const requester = { actorUserId: people.manager.id, actorName: people.manager.name };
    await tx.save(
      tx.create(TicketEvent, { ticketId: ticket.id, ...requester, kind: 'created', from: null, to: 'open', createdAt: created }),
    );
    if (demo.status !== 'open') {
      const operator = { actorUserId: people.SYSOPS.id, actorName: people.SYSOPS.name };
      await tx.save(
        tx.create(TicketEvent, {
          ticketId: ticket.id,
          ...operator,
          kind: 'status',
          from: 'open',
          to: demo.status,
          createdAt: new Date(created.getTime() + HOUR_MS),
        }),
      );
    }
  }
  await ticketHistory(tx, org, people);
}

/** Earlier, resolved tickets of the demo organisation (from five weeks back), for ticket analytics. */
const TICKET_HISTORY: Array<{
  subject: string;
  category: Ticket['category'];
  priority: Ticket['priority'];
  daysAgo: number;
  respondHours: number;
  resolveHours: number;
}> = [
  { subject: 'Cannot export the drill calendar', category: 'drills', priority: 'normal', daysAgo: 170, respondHours: 3, resolveHours: 20 },
  {
    subject: 'Invoice address needs our VAT number',
    category: 'billing',
    priority: 'low',
    daysAgo: 158,
    respondHours: 10,
    resolveHours: 60,
  },
  {
    subject: 'Console froze during the fire drill',
    category: 'incident',
    priority: 'urgent',
    daysAgo: 149,
    respondHours: 0.5,
    resolveHours: 6,
  },
  {
    subject: 'How do we add a guest to the roster?',
    category: 'question',
    priority: 'normal',
    daysAgo: 137,
    respondHours: 2,
    resolveHours: 5,
  },
  { subject: 'SSO login loops for two users', category: 'account', priority: 'high', daysAgo: 121, respondHours: 1.5, resolveHours: 30 },
  {
    subject: 'Compliance packet misses an appendix',
    category: 'compliance',
    priority: 'high',
    daysAgo: 104,
    respondHours: 6,
    resolveHours: 40,
  },
  { subject: 'Spill drill template in Spanish', category: 'drills', priority: 'low', daysAgo: 92, respondHours: 14, resolveHours: 90 },
  {
    subject: 'Map upload fails for a large PDF',
    category: 'technical',
    priority: 'normal',
    daysAgo: 77,
    respondHours: 5,
    resolveHours: 26,
  },
  {
    subject: 'Reminder emails went to a former employee',
    category: 'account',
    priority: 'high',
    daysAgo: 63,
    respondHours: 2.5,
    resolveHours: 12,
  },
  {
    subject: 'Drill summary PDF shows the wrong time zone',
    category: 'drills',
    priority: 'urgent',
    daysAgo: 49,
    respondHours: 1.5,
    resolveHours: 9,
  },
  {
    subject: 'Question about the Enterprise plan limits',
    category: 'billing',
    priority: 'normal',
    daysAgo: 41,
    respondHours: 4,
    resolveHours: 18,
  },
  {
    subject: 'Observation photos do not upload on mobile',
    category: 'technical',
    priority: 'high',
    daysAgo: 36,
    respondHours: 3,
    resolveHours: 50,
  },
];

async function ticketHistory(
  tx: EntityManager,
  org: { id: string; name: string },
  people: { manager: Person; SYSOPS: Person },
): Promise<void> {
  const now = Date.now();
  for (const demo of TICKET_HISTORY) {
    const created = new Date(now - demo.daysAgo * DAY_MS);
    const sla = TICKET_SLA_HOURS[demo.priority];
    const resolvedAt = new Date(created.getTime() + demo.resolveHours * HOUR_MS);
    const ticket = await tx.save(
      tx.create(Ticket, {
        orgId: org.id,
        orgName: org.name,
        requesterUserId: people.manager.id,
        requesterName: people.manager.name,
        requesterEmail: people.manager.email,
        subject: demo.subject,
        description: demo.subject,
        category: demo.category,
        priority: demo.priority,
        status: 'closed',
        assigneeUserId: people.SYSOPS.id,
        assigneeName: people.SYSOPS.name,
        firstResponseDueAt: new Date(created.getTime() + sla.firstResponse * HOUR_MS),
        resolutionDueAt: new Date(created.getTime() + sla.resolution * HOUR_MS),
        firstRespondedAt: new Date(created.getTime() + demo.respondHours * HOUR_MS),
        resolvedAt,
        createdAt: created,
      }),
    );
    const operator = { actorUserId: people.SYSOPS.id, actorName: people.SYSOPS.name };
    await tx.save([
      tx.create(TicketEvent, {
        ticketId: ticket.id,
        actorUserId: people.manager.id,
        actorName: people.manager.name,
        kind: 'created',
        from: null,
        to: 'open',
        createdAt: created,
      }),
      tx.create(TicketEvent, { ticketId: ticket.id, ...operator, kind: 'status', from: 'open', to: 'closed', createdAt: resolvedAt }),
    ]);
  }
}
