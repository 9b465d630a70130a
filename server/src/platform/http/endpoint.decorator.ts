import {
  applyDecorators,
  createParamDecorator,
  HttpCode,
  RequestMethod,
  RequestMapping,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import { fieldReasons, reasonText, type EndpointDef, type HttpMethod } from '@muster/contracts';
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

/** Validates `value` with `schema`: its output, or a 400 naming each invalid field's reason. */
export function validate<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  // With the input, a missing value (required) is told from a wrong one.
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) {
    const fields = fieldReasons(result.error.issues);
    const [path, first] = Object.entries(fields)[0] ?? ['_', { reason: 'validation.invalid', params: {} }];
    const text = reasonText(first.reason, first.params);
    throw new DomainError('VALIDATION_FAILED', first.reason, first.params, { fields, message: path === '_' ? text : `${path}: ${text}` });
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
  return validate(def.body, ctx.switchToHttp().getRequest<FastifyRequest>().body ?? {});
});

/** The query string parsed with the endpoint's zod schema. */
export const ValidQuery = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const def = endpointOf(ctx);
  if (!def.query) throw new Error(`Endpoint ${def.method} ${def.path} declares no query schema`);
  return validate(def.query, ctx.switchToHttp().getRequest<FastifyRequest>().query ?? {});
});
