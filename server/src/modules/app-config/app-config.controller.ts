import { Controller, Header, Inject } from '@nestjs/common';
import { api, PRODUCT_NAME, type AppConfigInfo } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Public } from '../../platform/auth/auth.decorators.js';
import { Endpoint } from '../../platform/http/endpoint.decorator.js';

@Controller()
@Public()
export class AppConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Endpoint(api.appConfig.get)
  @Header('Cache-Control', 'public, max-age=300')
  get(): AppConfigInfo {
    return { productName: PRODUCT_NAME, assistantName: this.config.ASSISTANT_NAME, supportEmail: this.config.SUPPORT_EMAIL };
  }
}
