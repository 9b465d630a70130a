import { Logger } from '@nestjs/common';
import { Ack, ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import {
  consoleAttendanceSchema,
  consoleControlSchema,
  consoleInjectSchema,
  consoleMusterSchema,
  consoleObservationSchema,
  consoleSettingsSchema,
  consoleStepSchema,
  consoleSubscribeSchema,
  rooms,
  type DrillLogEntry,
  type ConsoleState,
  type DrillRun,
  type Observation,
  type RunInject,
  type RunParticipant,
  type RunStep,
} from '@muster/contracts';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { validate } from '../../platform/http/endpoint.decorator.js';
import type { MusterSocket } from '../../platform/realtime/realtime.types.js';
import { answer, type AckFn } from '../../platform/realtime/socket-answer.js';
import { ConsoleService } from './console.service.js';
import type { DrillActor } from './drill-actor.js';
import { asMember } from '../../platform/auth/principal.js';

/**
 * The drill console over Socket.IO: a room per run, joined through `console:subscribe` by
 * members of the run's organisation, answered with the whole console state; every command
 * validated and answered through its acknowledgement (or `console:error`).
 */
@WebSocketGateway()
export class ConsoleGateway {
  private readonly logger = new Logger('DrillConsole');

  constructor(private readonly console: ConsoleService) {}

  /** The member behind a socket: its principal (anonymous sockets and guest auditors find no run). */
  private actor(socket: MusterSocket): DrillActor {
    const principal = socket.data.principal;
    if (principal?.kind === 'user' && !principal.orgId) throw new DomainError('FORBIDDEN', 'drillTemplate.noOrganization');
    if (!principal?.orgId || principal.kind !== 'user' || !principal.userId) throw new NotFoundError('drillRun');
    return asMember(principal, 'drillTemplate.noOrganization');
  }

  private handle<T extends object>(socket: MusterSocket, ack: AckFn<T>, work: (actor: DrillActor) => Promise<T>): Promise<void> {
    return answer(socket, ack, 'console:error', this.logger, () => work(this.actor(socket)));
  }

  @SubscribeMessage('console:subscribe')
  async subscribe(@ConnectedSocket() socket: MusterSocket, @MessageBody() payload: unknown, @Ack() ack: AckFn<{ state: ConsoleState }>) {
    await this.handle(socket, ack, async (actor) => {
      const { runId } = validate(consoleSubscribeSchema, payload);
      // Only a member of the run's organisation joins its room; joining before reading the state
      // means a change made meanwhile is in the state or reaches the socket (or both: clients merge).
      await this.console.authorize(actor, runId);
      await socket.join(rooms.run(actor.orgId, runId));
      try {
        return { state: await this.console.state(actor, runId) };
      } catch (err) {
        await socket.leave(rooms.run(actor.orgId, runId));
        throw err;
      }
    });
  }

  @SubscribeMessage('console:unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: MusterSocket, @MessageBody() payload: unknown) {
    await this.handle(socket, undefined, async (actor) => {
      const { runId } = validate(consoleSubscribeSchema, payload);
      await socket.leave(rooms.run(actor.orgId, runId));
      return {};
    });
  }

  @SubscribeMessage('console:control')
  async control(
    @ConnectedSocket() socket: MusterSocket,
    @MessageBody() payload: unknown,
    @Ack() ack: AckFn<{ run: DrillRun; log: DrillLogEntry }>,
  ) {
    await this.handle(socket, ack, async (actor) => {
      const { runId, action } = validate(consoleControlSchema, payload);
      return this.console.control(actor, runId, action, socket.id);
    });
  }

  @SubscribeMessage('console:step')
  async step(
    @ConnectedSocket() socket: MusterSocket,
    @MessageBody() payload: unknown,
    @Ack() ack: AckFn<{ step: RunStep; log: DrillLogEntry | null }>,
  ) {
    await this.handle(socket, ack, (actor) => this.console.step(actor, validate(consoleStepSchema, payload), socket.id));
  }

  @SubscribeMessage('console:publish-inject')
  async publishInject(
    @ConnectedSocket() socket: MusterSocket,
    @MessageBody() payload: unknown,
    @Ack() ack: AckFn<{ inject: RunInject; log: DrillLogEntry }>,
  ) {
    await this.handle(socket, ack, (actor) => {
      const { runId, injectId } = validate(consoleInjectSchema, payload);
      return this.console.publishInject(actor, runId, injectId, socket.id);
    });
  }

  @SubscribeMessage('console:observe')
  async observe(
    @ConnectedSocket() socket: MusterSocket,
    @MessageBody() payload: unknown,
    @Ack() ack: AckFn<{ observation: Observation; log: DrillLogEntry | null }>,
  ) {
    await this.handle(socket, ack, (actor) => this.console.observe(actor, validate(consoleObservationSchema, payload), socket.id));
  }

  @SubscribeMessage('console:attendance')
  async attendance(
    @ConnectedSocket() socket: MusterSocket,
    @MessageBody() payload: unknown,
    @Ack() ack: AckFn<{ participant: RunParticipant; log: DrillLogEntry | null }>,
  ) {
    await this.handle(socket, ack, (actor) => this.console.attendance(actor, validate(consoleAttendanceSchema, payload), socket.id));
  }

  @SubscribeMessage('console:muster')
  async muster(
    @ConnectedSocket() socket: MusterSocket,
    @MessageBody() payload: unknown,
    @Ack() ack: AckFn<{ run: DrillRun; log: DrillLogEntry }>,
  ) {
    await this.handle(socket, ack, (actor) => {
      const { runId } = validate(consoleMusterSchema, payload);
      return this.console.muster(actor, runId, socket.id);
    });
  }

  @SubscribeMessage('console:settings')
  async settings(
    @ConnectedSocket() socket: MusterSocket,
    @MessageBody() payload: unknown,
    @Ack() ack: AckFn<{ run: DrillRun; log: DrillLogEntry }>,
  ) {
    await this.handle(socket, ack, (actor) => this.console.settings(actor, validate(consoleSettingsSchema, payload), socket.id));
  }
}
