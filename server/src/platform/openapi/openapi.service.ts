import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { errorBodySchema, PRODUCT_NAME, type EndpointDef } from '@muster/contracts';
import { z } from 'zod';
import { ENDPOINT_METADATA } from '../http/endpoint.decorator.js';

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/**
 * Builds the OpenAPI 3.1 document from the endpoints the controllers actually mount:
 * the same contract objects that validate the requests.
 */
@Injectable()
export class OpenApiService implements OnApplicationBootstrap {
  private document: JsonObject | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onApplicationBootstrap(): void {
    this.document = this.build(this.mountedEndpoints());
  }

  getDocument(): JsonObject {
    return (this.document ??= this.build(this.mountedEndpoints()));
  }

  private mountedEndpoints(): EndpointDef[] {
    const defs: EndpointDef[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance) continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const handler = (proto as Record<string, unknown>)[name];
        const def =
          typeof handler === 'function' ? (Reflect.getMetadata(ENDPOINT_METADATA, handler) as EndpointDef | undefined) : undefined;
        if (def) defs.push(def);
      }
    }
    return defs.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }

  private build(defs: EndpointDef[]): JsonObject {
    const paths: Record<string, Record<string, JsonObject>> = {};
    for (const def of defs) {
      const openApiPath = def.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const parameters = [...def.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      }));
      if (def.query) {
        const query = jsonSchema(def.query, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
        for (const [name, schema] of Object.entries(query.properties ?? {})) {
          parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema } as never);
        }
      }
      const status = String(def.status ?? 200);
      const operation: JsonObject = {
        summary: def.summary,
        tags: [def.tag],
        operationId: `${def.method.toLowerCase()}${openApiPath.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
        ...(parameters.length ? { parameters } : {}),
        ...(def.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(def.body, 'input') } } } }
          : {}),
        responses: {
          [status]: def.response
            ? { description: 'Success', content: { 'application/json': { schema: jsonSchema(def.response, 'output') } } }
            : { description: 'Success' },
          default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      };
      (paths[openApiPath] ??= {})[def.method.toLowerCase()] = operation;
    }
    return {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: `REST API of ${PRODUCT_NAME}. Errors share one body shape.` },
      paths,
      components: { schemas: { Error: jsonSchema(errorBodySchema, 'output') } },
    };
  }
}
