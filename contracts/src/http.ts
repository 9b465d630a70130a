import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One REST endpoint, described once and used by both sides: the server mounts its
 * controller method on it and validates with its schemas, the OpenAPI document is
 * generated from it, and the web client calls it with typed bodies and answers.
 */
export interface EndpointDef<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Full path, Fastify style parameters (`/api/tickets/:id`). */
  path: string;
  summary: string;
  tag: string;
  /** Status of a successful answer (200 unless said). */
  status?: number;
  body?: TBody;
  query?: TQuery;
  response?: TResponse;
}

export function defineEndpoint<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType | undefined = undefined,
>(def: EndpointDef<TBody, TQuery, TResponse>): EndpointDef<TBody, TQuery, TResponse> {
  return def;
}

/** The parsed body type of an endpoint. */
export type BodyOf<E> =
  E extends EndpointDef<infer B, z.ZodType | undefined, z.ZodType | undefined> ? (B extends z.ZodType ? z.input<B> : undefined) : never;

/** The answer type of an endpoint. */
export type ResponseOf<E> =
  E extends EndpointDef<z.ZodType | undefined, z.ZodType | undefined, infer R> ? (R extends z.ZodType ? z.output<R> : undefined) : never;

/** Fills `:param` segments of a path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
