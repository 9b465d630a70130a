import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import { ssoBreakGlassMail } from '../../platform/mail/templates/index.js';
import { displayName, type Account } from '../identity/accounts.js';
import { AuthService } from '../identity/auth.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';

/** Tells the other admins of an organisation that a break-glass admin signed in without SSO. */
@Injectable()
export class SsoAlertsService {
  constructor(
    private readonly auth: AuthService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async breakGlassUsed(orgId: string, account: Account, client: ClientContext): Promise<void> {
    const others = (await this.auth.membersOf(orgId)).filter((m) => m.membership.role === 'ADMIN' && m.user.id !== account.user.id);
    if (!others.length) return;
    const admin = displayName(account);
    const link = '/app/admin/saml';
    const key = `sso-break-glass-${account.user.id}-${String(Date.now())}`;
    await this.notifications.notify({
      userIds: others.map((m) => m.user.id),
      orgId,
      kind: 'sso_break_glass',
      data: { admin, email: account.user.email, ip: client.ip },
      link,
      dedupeKey: key,
    });
    for (const other of others) {
      await this.mail.sendTemplate(
        ssoBreakGlassMail,
        { admin, email: account.user.email, ip: client.ip, url: `${this.config.APP_ORIGINS[0] ?? ''}${link}` },
        { to: other.user.email, orgId, language: recipientLanguage(other.user.language) },
        { idempotencyKey: `${key}-${other.user.id}` },
      );
    }
  }
}
