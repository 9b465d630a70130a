import type { SessionInfo } from './auth.js';
import type { Principal } from './principal.js';
import type { RenderView } from './documents.js';
import type { AuditBundleView } from './audit-bundles.js';
import type { ChatMessage, ChatReadEvent, ChatSummary, ChatTypingEvent, OperatorState } from './chat.js';
import type {
  ConsoleAttendanceUpdated,
  ConsoleInjectPublished,
  ConsoleObservationAdded,
  ConsoleState,
  ConsoleStateChanged,
  ConsoleStepUpdated,
  ConsoleTimerChanged,
  DrillLogEntry,
  DrillRun,
  ConsoleControl,
  Observation,
  RunInject,
  RunParticipant,
  RunStep,
  StepStatus,
  ObservationKind,
} from './drill-runs.js';
import type { Notification } from './notifications.js';
import type { SiemDeliveryChanged } from './siem.js';
import type { ProbeResult } from './health.js';
import type { UsageAlert } from './usage.js';
import type { SubscriptionChanged } from './billing.js';
import type { RestrictionChanged } from './account-controls.js';
import type { SimulationUpdated } from './simulation.js';
import type { ApprovalChanged } from './approvals.js';
import type { MyBroadcast } from './broadcasts.js';

/** Answer of a client→server event that was refused. */
/** A refused socket request: the same code, reason and parameters as an HTTP error body. */
export interface AckError {
  ok: false;
  code: string;
  reason: string;
  params: Record<string, string | number>;
  message: string;
  fields?: Record<string, string>;
  fieldReasons?: Record<string, { reason: string; params: Record<string, string | number> }>;
}
export type Ack<T> = ({ ok: true } & T) | AckError;

/** Events the server pushes to clients (`area:verb`). */
export interface ServerToClientEvents {
  /**
   * The session's profile changed (a new name or language, from another tab or device, or an
   * administrator): what `GET /api/auth/me` answers now (room `session:<id>`).
   */
  'session:updated': (me: SessionInfo) => void;
  /** Result of a round-trip probe (POST /api/health/probe → queue → worker → adapter → socket). */
  'health:probe-result': (payload: ProbeResult) => void;
  /** A message stored in a chat (room `chat:<id>`), in seq order. */
  'chat:message': (message: ChatMessage) => void;
  /** The other side started or stopped typing (room `chat:<id>`, not echoed to the typist). */
  'chat:typing': (payload: ChatTypingEvent) => void;
  /** One side has read up to `seq` (room `chat:<id>`). */
  'chat:read': (payload: ChatReadEvent) => void;
  /** A chat's state changed: queued, assigned, transferred, closed, rated (room `chat:<id>` and `sysops`). */
  'chat:updated': (chat: ChatSummary) => void;
  /** An operator's presence, capacity or load changed (room `sysops`). */
  'chat:operator': (operator: OperatorState) => void;
  /** A client event without an acknowledgement was refused (malformed, unknown chat, banned). */
  'chat:error': (error: AckError) => void;
  /** A drill run's state, plan or settings changed (room `run:<id>`). */
  'console:state-changed': (payload: ConsoleStateChanged) => void;
  /** The drill clock started, paused, resumed or stopped (room `run:<id>`). */
  'console:timer': (payload: ConsoleTimerChanged) => void;
  /** A step's status or checklist changed (room `run:<id>`). */
  'console:step-updated': (payload: ConsoleStepUpdated) => void;
  /** An inject was published, by hand or by the clock (room `run:<id>`). */
  'console:inject-published': (payload: ConsoleInjectPublished) => void;
  /** An observation was recorded (room `run:<id>`). */
  'console:observation-added': (payload: ConsoleObservationAdded) => void;
  /** Someone checked in or out, or the lead recorded the muster (room `run:<id>`). */
  'console:attendance-updated': (payload: ConsoleAttendanceUpdated) => void;
  /** A console event without an acknowledgement was refused. */
  'console:error': (error: AckError) => void;
  /** A new in-app notification for the user (room `user:<id>`). */
  'notification:new': (notification: Notification) => void;
  /** A usage threshold of the organisation was crossed (room `org:<orgId>`), once per period. */
  'usage:alert': (alert: UsageAlert) => void;
  /** The account (room `user:<id>`) or its organisation (room `org:<orgId>`) was frozen or unfrozen: refetch the read-only state. */
  'account:restriction-changed': (change: RestrictionChanged) => void;
  /** The organisation's plan changed (checkout completed, Stripe event) (room `org:<orgId>`). */
  'billing:subscription': (change: SubscriptionChanged) => void;
  /** A SIEM delivery of the organisation was attempted, delivered or failed (room `org:<orgId>`). */
  'siem:delivery': (change: SiemDeliveryChanged) => void;
  /**
   * A ticket changed (a reply, a status, an assignment, a file). Only its id: each client refetches
   * what it may read. Rooms `sysops` always; for what its customer sees, also `user:<requester>`
   * and `org:<orgId>` (its ADMINs and MANAGERs read the organisation's tickets).
   */
  'ticket:updated': (payload: TicketUpdated) => void;
  /** A render of the requester moved on: its stage and percent, and once done where to download it (room `user:<id>`). */
  'documents:render': (render: RenderView) => void;
  /** An audit bundle of the guest auditor moved on: its stage and percent, and once built where to download it (room `user:<invite id>`). */
  'auditor:bundle': (bundle: AuditBundleView) => void;
  /** A simulated run's clock or events moved on (room `sysops`: every platform operator may watch the sandbox). */
  'simulation:updated': (run: SimulationUpdated) => void;
  /** An approval request was made, decided, expired or break-glassed (room `platform-admins`). */
  'approval:changed': (change: ApprovalChanged) => void;
  /** A broadcast started for the reader, in their language (rooms by organisation, role or `user:<id>`). */
  'broadcast:started': (broadcast: MyBroadcast) => void;
  /** A broadcast ended (or was acknowledged in another tab): take it off the screen. */
  'broadcast:ended': (payload: { id: string }) => void;
}

/** Payload of `ticket:updated`. */
export interface TicketUpdated {
  ticketId: string;
}

/** Events clients send, each answered through an acknowledgement. */
export interface ClientToServerEvents {
  /** Latency check; the answer carries the server time and the node that answered. */
  'system:ping': (payload: { sentAt: number }, ack: (answer: Ack<{ sentAt: number; serverTime: number; node: string }>) => void) => void;
  /**
   * Joins a chat's room (its customer — visitors with their token — or an operator) and answers
   * its current state: on every (re)connection the client resynchronises from this answer.
   */
  'chat:subscribe': (
    payload: { chatId: string; visitorToken?: string },
    ack: (answer: Ack<{ chat: ChatSummary; messages: ChatMessage[] }>) => void,
  ) => void;
  'chat:unsubscribe': (payload: { chatId: string }) => void;
  /** Sends a message; a retry with the same `clientId` is stored once and answers the same record. */
  'chat:send': (
    payload: { chatId: string; clientId: string; body: string; attachmentId?: string },
    ack: (answer: Ack<{ message: ChatMessage }>) => void,
  ) => void;
  'chat:typing': (payload: { chatId: string; typing: boolean }) => void;
  /** Marks the chat read up to `seq` (read receipts). */
  'chat:read': (payload: { chatId: string; seq: number }, ack?: (answer: Ack<{ seq: number }>) => void) => void;
  /**
   * Joins a drill run's room (members of its organisation) and answers the whole console state:
   * on every (re)connection the console resynchronises from this answer.
   */
  'console:subscribe': (payload: { runId: string }, ack: (answer: Ack<{ state: ConsoleState }>) => void) => void;
  'console:unsubscribe': (payload: { runId: string }) => void;
  /** Start, pause, resume or complete the drill (lead, ADMIN, MANAGER). */
  'console:control': (
    payload: { runId: string; action: ConsoleControl },
    ack: (answer: Ack<{ run: DrillRun; log: DrillLogEntry }>) => void,
  ) => void;
  /**
   * Changes a step's status or one checklist item, on the step `version` the client saw; when
   * another change won, the answer is `VERSION_CONFLICT` and the room has the winner's step.
   * Every console command's answer carries the decision-log entry it wrote (null when nothing
   * changed): the room's broadcast leaves out the socket that made the change.
   */
  'console:step': (
    payload: { runId: string; stepId: string; version: number; status?: StepStatus; item?: { itemId: string; checked: boolean } },
    ack: (answer: Ack<{ step: RunStep; log: DrillLogEntry | null }>) => void,
  ) => void;
  'console:publish-inject': (
    payload: { runId: string; injectId: string },
    ack: (answer: Ack<{ inject: RunInject; log: DrillLogEntry }>) => void,
  ) => void;
  /** Records an observation; a retry with the same `clientId` is stored once. */
  'console:observe': (
    payload: { runId: string; clientId: string; kind: ObservationKind; note: string; stepId?: string | null; injectId?: string | null },
    ack: (answer: Ack<{ observation: Observation; log: DrillLogEntry | null }>) => void,
  ) => void;
  /** Checks a participant in or out (the lead anyone, a participant themselves). */
  'console:attendance': (
    payload: { runId: string; participantId: string; present: boolean; musterPoint?: { mapId: string; pointId: string } },
    ack: (answer: Ack<{ participant: RunParticipant; log: DrillLogEntry | null }>) => void,
  ) => void;
  /** The lead records that everyone has mustered (the time to muster). */
  'console:muster': (payload: { runId: string }, ack: (answer: Ack<{ run: DrillRun; log: DrillLogEntry }>) => void) => void;
  'console:settings': (
    payload: { runId: string; observersMayWrite?: boolean; autoInjects?: boolean },
    ack: (answer: Ack<{ run: DrillRun; log: DrillLogEntry }>) => void,
  ) => void;
}

/** Between api instances (through the Redis adapter): a session's principal changed. */
export interface InterServerEvents {
  'principal:refresh': (sessionId: string, principal: Principal) => void;
}

/** What the handshake middleware attaches to each socket. */
export interface SocketData {
  /**
   * Who the socket acts for: its session's principal, resolved at the handshake and kept up to date
   * when the session's profile changes. Null for anonymous sockets (allowed only where an event
   * allows it).
   */
  principal: Principal | null;
  /** Chats this socket subscribed to, with its side in each (set by `chat:subscribe`). */
  chats?: Record<string, { side: 'customer' | 'operator'; name: string }>;
}

/** Room names. Every feature room is joined through an authorised `subscribe`. */
export const rooms = {
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  org: (id: string) => `org:${id}`,
  sysops: () => 'sysops',
  /** A chat's customer side. */
  chat: (id: string) => `chat:${id}`,
  /** A chat's operators (its operator and any watching): they also get what only staff may read. */
  chatStaff: (id: string) => `chat:${id}:staff`,
  /** A drill run's console: its lead and every watcher (named with its organisation). */
  run: (orgId: string, id: string) => `org:${orgId}:run:${id}`,
  /** The platform's approvers (ROOT_ADMIN and DEPUTY_ADMIN sockets). */
  platformAdmins: () => 'platform-admins',
} as const;
