import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Membership } from '../identity/entities/membership.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { MembersModule } from '../members/members.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { SamlProviderRow } from './entities/saml-provider.entity.js';
import { SamlSignInEventRow } from './entities/saml-sign-in-event.entity.js';
import { SamlSpKeyRow } from './entities/sp-key.entity.js';
import { SsoSettingsRow } from './entities/sso-settings.entity.js';
import { SamlAdminController, SamlSignInController } from './saml.controller.js';
import { SamlProcessor } from './saml.processor.js';
import { SamlService } from './saml.service.js';
import { SamlSpKeyService } from './saml-sp-key.service.js';
import { SsoAlertsService } from './sso-alerts.service.js';
import { SigningModule } from '../../platform/signing/signing.module.js';

export const SSO_ENTITIES = [SamlProviderRow, SsoSettingsRow, SamlSignInEventRow, SamlSpKeyRow];

/** SAML single sign-on: identity providers, sign-in and enforcement (issue 21). */
@Module({
  imports: [TypeOrmModule.forFeature([...SSO_ENTITIES, Membership, User]), MembersModule, NotificationsModule, SigningModule],
  controllers: [SamlAdminController, SamlSignInController],
  providers: [SamlService, SamlSpKeyService, SsoAlertsService, SamlProcessor],
  exports: [SamlService],
})
export class SsoModule {}
