import { Controller, Get, type Type } from '@nestjs/common';
import { ROLES, type Role } from '@muster/contracts';
import { MinRole } from '../../platform/auth/auth.decorators.js';

/**
 * Test builds only (NODE_ENV=test): `GET /api/test/rank/<ROLE>` guarded by @MinRole(ROLE),
 * one route per rank, so the role-matrix test exercises the real guard on every rank.
 */
export function rankProbeController(): Type {
  @Controller('api/test/rank')
  class RankProbeController {}
  for (const role of ROLES) {
    const handler = function (this: unknown): { ok: true; minRole: Role } {
      return { ok: true, minRole: role };
    };
    Object.defineProperty(handler, 'name', { value: role });
    Object.defineProperty(RankProbeController.prototype, role, { value: handler, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(RankProbeController.prototype, role)!;
    Get(role)(RankProbeController.prototype, role, descriptor);
    MinRole(role)(RankProbeController.prototype, role, descriptor);
  }
  return RankProbeController;
}
