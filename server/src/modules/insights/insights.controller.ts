import { Controller } from '@nestjs/common';
import { api, type Insights } from '@muster/contracts';
import { MinRole } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { InsightsService } from './insights.service.js';

@Controller()
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Endpoint(api.insights.get)
  @MinRole('SYSOPS')
  get(@ValidQuery() query: { days: number }): Promise<Insights> {
    return this.insights.get(query.days);
  }
}
