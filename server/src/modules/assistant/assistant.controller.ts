import { Controller } from '@nestjs/common';
import { api, type AssistantAnswer, type Principal } from '@muster/contracts';
import { Client, OptionalAuth, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { AssistantService } from './assistant.service.js';

@Controller()
export class AssistantController {
  constructor(private readonly assistant: AssistantService) {}

  @Endpoint(api.assistant.ask)
  @Public()
  ask(
    @ValidBody() body: Parameters<AssistantService['ask']>[0],
    @OptionalAuth() auth: Principal | null,
    @Client() client: ClientContext,
  ): Promise<AssistantAnswer> {
    return this.assistant.ask(body, auth, client);
  }
}
