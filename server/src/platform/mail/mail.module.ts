import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { DevOutboxController } from './dev-outbox.controller.js';
import { MailProcessor } from './mail.processor.js';
import { MailService } from './mail.service.js';
import { OutboxStore } from './outbox.store.js';

@Global()
@Module({})
export class MailModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MailModule,
      controllers: config.NODE_ENV === 'production' ? [] : [DevOutboxController],
      providers: [MailService, MailProcessor, OutboxStore],
      exports: [MailService],
    };
  }
}
