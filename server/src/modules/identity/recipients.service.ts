import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { LanguageCode } from '@muster/contracts';
import { Repository } from 'typeorm';
import { recipientLanguage } from '../../platform/mail/mail.service.js';
import { User } from './entities/user.entity.js';

/**
 * The language to write to someone in: the stored language of the user they are (by id, else by
 * email address: a visitor writing from a member's address reads what the member chose), else the
 * language they used when it is known, else English.
 */
@Injectable()
export class RecipientsService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  async languageOf(who: { userId?: string | null; email?: string | null }, used?: LanguageCode | null): Promise<LanguageCode> {
    const where = who.userId ? { id: who.userId } : who.email ? { email: who.email.toLowerCase() } : null;
    const user = where ? await this.users.findOne({ where, select: { id: true, language: true } }) : null;
    return recipientLanguage(user?.language, used);
  }
}
