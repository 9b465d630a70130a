import type { NotFoundThing, OrgPrincipal } from '@muster/contracts';
import type { FindOptionsWhere, ObjectLiteral, Repository } from 'typeorm';
import { NotFoundError } from '../errors/domain-error.js';
import { withinOrganisation } from './tenant-check.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a URL is a well-formed uuid (anything else is simply not found). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** An entity owned by an organisation. */
export interface TenantOwned extends ObjectLiteral {
  id: string;
  orgId: string;
}

/**
 * Whose rows a scope reaches: an `OrgPrincipal` (or a drill actor, which is one), or the
 * organisation a background job was handed.
 */
export type OrgScope = Pick<OrgPrincipal, 'orgId'>;

/**
 * Finders over one organisation's rows. An organisation is required to build it, so an unscoped
 * query of a tenant-owned table does not compile; another organisation's row is simply not
 * found (404, never 403). Its queries run as the organisation's (the tenant check knows them).
 */
export class TenantScope<T extends TenantOwned> {
  readonly orgId: string;

  constructor(
    private readonly repo: Repository<T>,
    scope: OrgScope,
  ) {
    this.orgId = scope.orgId;
  }

  private where(where: FindOptionsWhere<T> = {}): FindOptionsWhere<T> {
    return { ...where, orgId: this.orgId };
  }

  find(where?: FindOptionsWhere<T>, order?: Partial<Record<keyof T, 'ASC' | 'DESC'>>): Promise<T[]> {
    return this.repo.find({ where: this.where(where), order: order as never });
  }

  findOne(id: string): Promise<T | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.repo.findOne({ where: this.where({ id } as FindOptionsWhere<T>) });
  }

  /** The row, or a NotFoundError naming `what`. */
  async get(id: string, what: NotFoundThing): Promise<T> {
    const row = await this.findOne(id);
    if (!row) throw new NotFoundError(what);
    return row;
  }

  create(values: Omit<Partial<T>, 'orgId'>): T {
    return this.repo.create({ ...values, orgId: this.orgId } as unknown as T);
  }

  /** Saves a row of this organisation (one of another is not found). */
  save(entity: T): Promise<T> {
    if (entity.orgId !== this.orgId) return Promise.reject(new NotFoundError());
    return withinOrganisation(this.orgId, () => this.repo.save(entity));
  }
}

/** `tenant(repo, principal)`: the one way services reach tenant-owned rows. */
export function tenant<T extends TenantOwned>(repo: Repository<T>, scope: OrgScope): TenantScope<T> {
  return new TenantScope(repo, scope);
}
