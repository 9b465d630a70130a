import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { SCIM_SCHEMA_IDS } from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../platform/auth/auth.decorators.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery.js';
import { ScimTokenGuard } from './scim-token.guard.js';
import { ScimService, type ScimCaller } from './scim.service.js';

function callerOf(request: FastifyRequest): ScimCaller {
  if (!request.scimCaller) throw new DomainError('UNAUTHENTICATED', 'scim.unauthenticated');
  return request.scimCaller;
}

/** The version of a resource as its ETag (RFC 7644 §3.14). */
function withEtag(reply: FastifyReply, resource: Record<string, unknown>): Record<string, unknown> {
  const version = (resource.meta as { version?: string } | undefined)?.version;
  if (version) void reply.header('ETag', version);
  return resource;
}

type Query = Record<string, unknown>;

/** Entra reads groups with `excludedAttributes=members`. */
function excludesMembers(query: Query): boolean {
  return typeof query.excludedAttributes === 'string' && /(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes);
}

/**
 * The SCIM 2.0 protocol (RFC 7644) at `/api/scim/v2`: discovery, Users and Groups. Authenticated by
 * the organisation's bearer tokens (`ScimTokenGuard`), never by a session. Answers are SCIM JSON;
 * every error leaves as a SCIM error body (see `ScimModule`).
 */
@Controller('api/scim/v2')
@Public()
@UseGuards(ScimTokenGuard)
export class ScimProtocolController {
  constructor(private readonly scim: ScimService) {}

  @Get('ServiceProviderConfig')
  serviceProviderConfig(): Record<string, unknown> {
    return serviceProviderConfig(this.scim.base);
  }

  @Get('ResourceTypes')
  resourceTypes(): Record<string, unknown> {
    const items = resourceTypes(this.scim.base);
    return {
      schemas: [SCIM_SCHEMA_IDS.listResponse],
      totalResults: items.length,
      startIndex: 1,
      itemsPerPage: items.length,
      Resources: items,
    };
  }

  @Get('ResourceTypes/:id')
  resourceType(@Param('id') id: string): Record<string, unknown> {
    const found = resourceTypes(this.scim.base).find((r) => r.id === id);
    if (!found) throw new DomainError('NOT_FOUND', 'scim.unknownEndpoint');
    return found;
  }

  @Get('Schemas')
  schemas(): Record<string, unknown> {
    const items = schemas(this.scim.base);
    return {
      schemas: [SCIM_SCHEMA_IDS.listResponse],
      totalResults: items.length,
      startIndex: 1,
      itemsPerPage: items.length,
      Resources: items,
    };
  }

  @Get('Schemas/:id')
  schema(@Param('id') id: string): Record<string, unknown> {
    const found = schemas(this.scim.base).find((s) => s.id === id);
    if (!found) throw new DomainError('NOT_FOUND', 'scim.unknownEndpoint');
    return found;
  }

  @Get('Users')
  listUsers(@Req() request: FastifyRequest, @Query() query: Query): Promise<Record<string, unknown>> {
    return this.scim.listUsers(callerOf(request), query);
  }

  @Get('Users/:id')
  async getUser(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
  ): Promise<Record<string, unknown>> {
    return withEtag(reply, await this.scim.getUser(callerOf(request), id));
  }

  @Post('Users')
  @HttpCode(201)
  async createUser(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<Record<string, unknown>> {
    const resource = await this.scim.createUser(callerOf(request), body);
    void reply.header('Location', (resource.meta as { location: string }).location);
    return withEtag(reply, resource);
  }

  @Put('Users/:id')
  async replaceUser(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Record<string, unknown>> {
    return withEtag(reply, await this.scim.replaceUser(callerOf(request), id, body));
  }

  @Patch('Users/:id')
  async patchUser(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Record<string, unknown>> {
    return withEtag(reply, await this.scim.patchUser(callerOf(request), id, body));
  }

  @Delete('Users/:id')
  @HttpCode(204)
  deleteUser(@Req() request: FastifyRequest, @Param('id') id: string): Promise<void> {
    return this.scim.deleteUser(callerOf(request), id);
  }

  @Get('Groups')
  listGroups(@Req() request: FastifyRequest, @Query() query: Query): Promise<Record<string, unknown>> {
    return this.scim.listGroups(callerOf(request), query);
  }

  @Get('Groups/:id')
  async getGroup(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
    @Query() query: Query,
  ): Promise<Record<string, unknown>> {
    const group = withEtag(reply, await this.scim.getGroup(callerOf(request), id));
    if (!excludesMembers(query)) return group;
    const { members: _members, ...rest } = group;
    return rest;
  }

  @Post('Groups')
  @HttpCode(201)
  async createGroup(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<Record<string, unknown>> {
    const resource = await this.scim.createGroup(callerOf(request), body);
    void reply.header('Location', (resource.meta as { location: string }).location);
    return withEtag(reply, resource);
  }

  @Put('Groups/:id')
  async replaceGroup(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Record<string, unknown>> {
    return withEtag(reply, await this.scim.replaceGroup(callerOf(request), id, body));
  }

  @Patch('Groups/:id')
  async patchGroup(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Record<string, unknown>> {
    return withEtag(reply, await this.scim.patchGroup(callerOf(request), id, body));
  }

  @Delete('Groups/:id')
  @HttpCode(204)
  deleteGroup(@Req() request: FastifyRequest, @Param('id') id: string): Promise<void> {
    return this.scim.deleteGroup(callerOf(request), id);
  }
}
