import { type LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { requestContext } from './request-context.js';

/**
 * The root pino logger. Its mixin adds the current request id (from AsyncLocalStorage)
 * to every line written while a request is being handled, whoever writes it. Lines are JSON,
 * except for a person at a terminal outside production (`npm start`), who reads them as text.
 */
export function createRootLogger(level: string, base: Record<string, unknown>, readable = false): Logger {
  const destination = readable
    ? pretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,role,node' })
    : undefined;
  return pino(
    {
      level,
      base,
      mixin() {
        const ctx = requestContext.getStore();
        return ctx ? { reqId: ctx.requestId } : {};
      },
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
    },
    destination,
  );
}

/**
 * Nest's start-up narration (a line per module, controller, route and gateway: hundreds of
 * lines before the one that says where Muster runs) is kept for LOG_LEVEL=debug.
 */
const START_UP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
  'NestApplication',
]);

/** Nest's logger interface over pino, so framework and service logs are structured too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.write(context && START_UP_CONTEXTS.has(context) ? 'debug' : 'info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    if (typeof message === 'object' && message !== null) this.logger.error({ context, trace, ...message });
    else this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, context?: string): void {
    if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...message });
    else this.logger[level]({ context }, String(message));
  }
}
