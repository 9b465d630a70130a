import { Controller, Get, Header } from '@nestjs/common';
import { OpenApiService } from './openapi.service.js';
import { Public } from '../auth/auth.decorators.js';

@Controller()
@Public()
export class OpenApiController {
  constructor(private readonly openApi: OpenApiService) {}

  @Get('/api/docs/openapi.json')
  @Header('Cache-Control', 'no-cache')
  document(): Record<string, unknown> {
    return this.openApi.getDocument();
  }
}
