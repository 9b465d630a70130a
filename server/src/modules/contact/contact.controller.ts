import { Controller } from '@nestjs/common';
import { api, type ContactList, type LanguageCode } from '@muster/contracts';
import { Client, MinRole, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { ReaderLanguage } from '../../platform/http/reader-language.js';
import { ContactService } from './contact.service.js';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Endpoint(api.contact.send)
  @Public()
  async send(
    @ValidBody() body: Parameters<ContactService['send']>[0],
    @Client() client: ClientContext,
    @ReaderLanguage() language: LanguageCode,
  ): Promise<{ received: true }> {
    await this.contact.send(body, client, language);
    return { received: true };
  }

  @Endpoint(api.contact.list)
  @MinRole('SYSOPS')
  list(@ValidQuery() query: Parameters<ContactService['list']>[0]): Promise<ContactList> {
    return this.contact.list(query);
  }
}
