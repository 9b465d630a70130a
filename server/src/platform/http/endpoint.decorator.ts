import {
  applyDecorators,
  createParamDecorator,
  HttpCode,
  RequestMethod,
  RequestMapping,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import type { EndpointDef, HttpMethod } from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';

export const ENDPOINT_METADATA = 'muster:endpoint';

const METHODS: Record<HttpMethod, RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
};

/**
 * Mounts a controller method on an endpoint declared in contracts: method, full path and
 * success status come from the contract, which also feeds the OpenAPI document.
 * Controllers use `@Controller()` with no prefix.
 */
export function Endpoint(def: EndpointDef): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: def.path, method: METHODS[def.method] }),
    HttpCode(def.status ?? 200),
    SetMetadata(ENDPOINT_METADATA, def),
  );
}

/** Turns zod issues into one message per field for the UI. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validate<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldMessages(result.error);
    const first = Object.entries(fields)[0];
    const message = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : `Invalid ${what}`;
    throw new DomainError('VALIDATION_FAILED', message, fields);
  }
  return result.data;
}

function endpointOf(ctx: ExecutionContext): EndpointDef {
  const def = Reflect.getMetadata(ENDPOINT_METADATA, ctx.getHandler()) as EndpointDef | undefined;
  if (!def) throw new Error(`${ctx.getClass().name}.${ctx.getHandler().name} uses a validated parameter without @Endpoint`);
  return def;
}

/** The request body parsed with the endpoint's zod schema (unknown fields stripped). */
export const ValidBody = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const def = endpointOf(ctx);
  if (!def.body) throw new Error(`Endpoint ${def.method} ${def.path} declares no body schema`);
  return validate(def.body, ctx.switchToHttp().getRequest<FastifyRequest>().body ?? {}, 'request body');
});

/** The query string parsed with the endpoint's zod schema. */
export const ValidQuery = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const def = endpointOf(ctx);
  if (!def.query) throw new Error(`Endpoint ${def.method} ${def.path} declares no query schema`);
  return validate(def.query, ctx.switchToHttp().getRequest<FastifyRequest>().query ?? {}, 'query');
});
