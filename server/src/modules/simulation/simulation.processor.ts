import { Injectable } from '@nestjs/common';
import { JobName, type JobPayloads } from '@muster/contracts';
import { JobHandler } from '../../platform/queues/job-handler.decorator.js';
import { SimulationService } from './simulation.service.js';

/** The simulated clock's ticks. */
@Injectable()
export class SimulationProcessor {
  constructor(private readonly simulation: SimulationService) {}

  @JobHandler(JobName.SimulationTick)
  tick(payload: JobPayloads[typeof JobName.SimulationTick]): Promise<void> {
    return this.simulation.tick(payload);
  }
}
