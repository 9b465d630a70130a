import { Injectable } from '@nestjs/common';
import { JobName, type JobPayloads } from '@muster/contracts';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { ApprovalsService } from './approvals.service.js';

/** An approval request's expiry (a delayed job per request). */
@Injectable()
export class ApprovalsProcessor {
  constructor(private readonly approvals: ApprovalsService) {}

  @JobHandler(JobName.ApprovalExpires)
  async expires(payload: JobPayloads[typeof JobName.ApprovalExpires]): Promise<void> {
    await this.approvals.expire(payload.approvalId);
  }
}
