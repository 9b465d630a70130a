import { Module, type DynamicModule } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/config.js';
import { AuditorAuthController, AuditorInvitesController } from './auditor.controller.js';
import { AuditorService } from './auditor.service.js';
import { AuditorProcessor } from './auditor.processor.js';
import { AuditorPortalModule } from '../auditor-portal/auditor-portal.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { AuditorInvite } from './entities/auditor-invite.entity.js';
import { ComplianceProfileRow } from '../compliance/entities/compliance-profile.entity.js';
import { Membership } from './entities/membership.entity.js';
import { Organization } from './entities/organization.entity.js';
import { User } from './entities/user.entity.js';
import { MagicCodeService } from './magic-code.service.js';
import { OrganizationsController } from './organizations.controller.js';
import { OrganizationsService } from './organizations.service.js';
import { PasswordService } from './password.service.js';
import { RecipientsService } from './recipients.service.js';
import { rankProbeController } from './rank-probe.controller.js';
import { AuditorMagicStrategy, MagicStrategy } from './strategies/magic.strategy.js';
import { LocalStrategy } from './strategies/local.strategy.js';
import { ThrottleService } from './throttle.service.js';
import { SecurityPolicyModule } from '../security/policy/security-policy.module.js';
import { RestrictionsModule } from '../account-controls/restrictions.module.js';

/** Users, organisations, memberships, sign-in (password, code), sessions' lifecycle, guest auditors. */
@Module({})
export class IdentityModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: IdentityModule,
      // Other modules use AuthService to know who an account is (tickets, chat, audit views),
      // OrganizationsService for an organisation's time zone, RecipientsService for a reader's language.
      global: true,
      imports: [
        PassportModule.register({ session: false }),
        SecurityPolicyModule,
        RestrictionsModule,
        TypeOrmModule.forFeature([User, Organization, Membership, AuditorInvite, ComplianceProfileRow]),
        AuditorPortalModule,
      ],
      controllers: [
        AuthController,
        AuditorAuthController,
        AuditorInvitesController,
        OrganizationsController,
        ...(config.NODE_ENV === 'test' ? [rankProbeController()] : []),
      ],
      providers: [
        AuthService,
        AuditorService,
        AuditorProcessor,
        OrganizationsService,
        RecipientsService,
        PasswordService,
        ThrottleService,
        MagicCodeService,
        LocalStrategy,
        MagicStrategy,
        AuditorMagicStrategy,
      ],
      exports: [AuthService, PasswordService, OrganizationsService, RecipientsService, ThrottleService, MagicCodeService],
    };
  }
}
