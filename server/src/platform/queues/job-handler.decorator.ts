import { SetMetadata } from '@nestjs/common';
import type { JobName } from '@muster/contracts';

export const JOB_HANDLER_METADATA = 'muster:job-handler';

/**
 * Marks a processor method as the handler of one job. Each job name in contracts has exactly
 * one handler; boot fails naming any orphan or duplicate.
 */
export const JobHandler = (name: JobName): MethodDecorator => SetMetadata(JOB_HANDLER_METADATA, name);
