import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { INestApplicationContext } from '@nestjs/common';
import { LogController, type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { PasswordService } from './modules/identity/password.service.js';
import type { AppConfig } from './config/config.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './database/embedded.js';
import { DEMO_PASSWORD, isEmpty, seedDemoData } from './database/seed.js';
import { seedEvidence } from './database/seed-evidence.js';
import { seedPackets } from './database/seed-packets.js';
import { RemindersService } from './modules/drills/reminders.service.js';
import { setupHttp } from './platform/http/http.setup.js';
import { mountQueueBoard } from './platform/queues/queue-board.js';
import { genRequestId } from './platform/http/request-id.js';
import { createRootLogger, PinoNestLogger } from './platform/logging/logger.js';
import { NODE_ID } from './platform/node-id.js';
import { MusterIoAdapter } from './platform/realtime/socket-io.adapter.js';
import { RealtimeService } from './platform/realtime/realtime.service.js';
import { SessionStore } from './platform/session/session.store.js';

/** TRUST_PROXY: "true", "false", or a comma-separated list of proxy addresses/CIDRs. */
function trustProxySetting(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export interface RunningMuster {
  app: INestApplicationContext;
  /** Base URL of the HTTP listener (api and all roles). */
  url: string | null;
  logger: Logger;
  close(): Promise<void>;
  /** When close() hangs: stop the embedded database within a few seconds, leave the rest to exit. */
  abort(): Promise<void>;
}

/**
 * Starts Muster in the role the config names: `all` (api + workers), `api` or `worker`.
 * Without DATABASE_URL the embedded PostgreSQL is started first.
 */
export async function startMuster(config: AppConfig): Promise<RunningMuster> {
  const readable = process.stdout.isTTY && config.NODE_ENV !== 'production';
  const logger = createRootLogger(config.LOG_LEVEL, { role: config.MUSTER_ROLE, node: NODE_ID }, readable);
  let embedded: EmbeddedDatabase | null = null;
  if (!config.DATABASE_URL) {
    embedded = await startEmbeddedDatabase(config.DATA_DIR);
    logger.info(
      { dataDir: embedded.dataDir },
      embedded.created ? 'Embedded PostgreSQL created and started' : 'Embedded PostgreSQL started',
    );
  }
  const databaseUrl = config.DATABASE_URL ?? embedded!.url;
  const module = AppModule.forRoot(config, databaseUrl);
  const nestLogger = new PinoNestLogger(logger);

  /** Seeds an empty database when asked — before the listener opens, so the first sign-in finds the demo users. */
  const seedIfAsked = async (context: INestApplicationContext): Promise<void> => {
    // The embedded database is seeded whenever it is empty (also after a first start that was
    // interrupted before seeding); an external one only when SEED_ON_EMPTY says so.
    if (!(config.SEED_ON_EMPTY ?? embedded !== null)) return;
    const dataSource = context.get(DataSource);
    if (await isEmpty(dataSource)) {
      await seedDemoData(dataSource, (password) => context.get(PasswordService).hash(password));
      // The seeded runs to come get their reminders queued.
      await context.get(RemindersService).requeue();
      // Two signed compliance packets of the demo ISPS profile (one superseded): they need the signing key and storage.
      await seedPackets(context);
      // The evidence vault: uploads and snapshots of the seeded run, packet, SOP and audit chain, one under a legal hold.
      if (config.SEED_EVIDENCE !== false) await seedEvidence(context);
      logger.info(
        `Seeded the demo organisation: sign in as admin@harborpoint.example with ${DEMO_PASSWORD} (the README lists every demo login)`,
      );
    }
  };

  let app: INestApplicationContext;
  let url: string | null = null;
  try {
    if (config.MUSTER_ROLE === 'worker') {
      app = await NestFactory.createApplicationContext(module, { logger: nestLogger });
      await seedIfAsked(app);
    } else {
      const requestLogging = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';
      const adapter = new FastifyAdapter({
        // Fastify's own info lines ("Server listening at …" per interface) repeat the one line we
        // write when Muster is running; its warnings and errors stay.
        loggerInstance: config.LOG_LEVEL === 'info' ? logger.child({}, { level: 'warn' }) : logger,
        genReqId: genRequestId,
        bodyLimit: config.BODY_LIMIT_BYTES,
        trustProxy: trustProxySetting(config.TRUST_PROXY),
        logController: new LogController({
          requestIdLogLabel: 'reqId',
          disableRequestLogging: !requestLogging,
        }),
        // Fastify makes a child logger per request to bind its id; the root logger's mixin already
        // adds the id of the request being handled to every line, so without request logging (whose
        // "incoming request" line comes before that) the child is work for nothing on every request.
        ...(requestLogging ? {} : { childLoggerFactory: (logger: FastifyBaseLogger) => logger }),
      });
      // rawBody: the Stripe webhook's signature is over the exact bytes received.
      const http = await NestFactory.create<NestFastifyApplication>(module, adapter, { logger: nestLogger, rawBody: true });
      await setupHttp(http, config);
      await mountQueueBoard(http);
      http.useWebSocketAdapter(new MusterIoAdapter(http, config, http.get(SessionStore), http.get(RealtimeService)));
      await http.init(); // migrations run here
      await seedIfAsked(http);
      await http.listen(config.PORT, config.HOST);
      const address = http.getHttpServer().address();
      const port = typeof address === 'object' && address ? address.port : config.PORT;
      url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
      app = http;
    }
  } catch (err) {
    await embedded?.stop();
    throw err;
  }

  return {
    app,
    url,
    logger,
    async close() {
      await app.close();
      await embedded?.stop();
    },
    async abort() {
      await embedded?.stop(2_500);
    },
  };
}
