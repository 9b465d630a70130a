import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type CannedResponse, type cannedResponseInputSchema, type Principal } from '@muster/contracts';
import { QueryFailedError, type Repository } from 'typeorm';
import type { z } from 'zod';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { asUser } from '../../platform/auth/principal.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { CannedResponseRow } from './entities/canned-response.entity.js';

type CannedInput = z.output<typeof cannedResponseInputSchema>;

function cannedOf(row: CannedResponseRow): CannedResponse {
  return {
    id: row.id,
    shortcut: row.shortcut,
    title: row.title,
    body: row.body,
    shared: row.ownerUserId === null,
    owner: row.ownerUserId ? { id: row.ownerUserId, name: row.authorName } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isUniqueViolation = (err: unknown): boolean =>
  err instanceof QueryFailedError && (err.driverError as { code?: string } | undefined)?.code === '23505';

/**
 * Replies operators insert with `/shortcut`. Shared ones belong to every operator (any
 * operator may change them); personal ones only to their owner. A shortcut is unique among
 * the shared ones and among one operator's own.
 */
@Injectable()
export class CannedResponsesService {
  constructor(@InjectRepository(CannedResponseRow) private readonly rows: Repository<CannedResponseRow>) {}

  async list(auth: Principal): Promise<{ items: CannedResponse[] }> {
    const rows = await this.rows
      .createQueryBuilder('r')
      .where('r.owner_user_id IS NULL OR r.owner_user_id = :me', { me: auth.userId })
      .orderBy('r.shortcut', 'ASC')
      .getMany();
    return { items: rows.map(cannedOf) };
  }

  async create(auth: Principal, input: CannedInput): Promise<CannedResponse> {
    const author = asUser(auth);
    const row = this.rows.create({
      ownerUserId: input.shared ? null : author.userId,
      authorUserId: author.userId,
      authorName: author.name,
      shortcut: input.shortcut,
      title: input.title,
      body: input.body,
    });
    return cannedOf(await this.saveUnique(row));
  }

  async update(auth: Principal, id: string, input: CannedInput): Promise<CannedResponse> {
    const row = await this.mine(auth, id);
    row.shortcut = input.shortcut;
    row.title = input.title;
    row.body = input.body;
    row.ownerUserId = input.shared ? null : (row.ownerUserId ?? auth.userId);
    return cannedOf(await this.saveUnique(row));
  }

  async remove(auth: Principal, id: string): Promise<{ deleted: true }> {
    await this.rows.delete({ id: (await this.mine(auth, id)).id });
    return { deleted: true };
  }

  private async mine(auth: Principal, id: string): Promise<CannedResponseRow> {
    const row = isUuid(id) ? await this.rows.findOneBy({ id }) : null;
    // Someone else's personal response is not found.
    if (!row || (row.ownerUserId !== null && row.ownerUserId !== auth.userId)) throw new NotFoundError('cannedResponse');
    return row;
  }

  private async saveUnique(row: CannedResponseRow): Promise<CannedResponseRow> {
    try {
      return await this.rows.save(row);
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new DomainError(
          'CONFLICT',
          'chat.duplicateShortcut',
          {},
          { fields: { shortcut: { reason: 'chat.duplicateShortcut', params: {} } } },
        );
      }
      throw err;
    }
  }
}
