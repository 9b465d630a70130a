import { Controller, Param } from '@nestjs/common';
import { api, type DrillTemplateSummary, type Principal, type SimulationRun, type SimulationRunSummary } from '@muster/contracts';
import { Auth, MinRole } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { SimulationService } from './simulation.service.js';

/** The drill simulation sandbox (SYSOPS, DEPUTY_ADMIN, ROOT_ADMIN). */
@Controller()
@MinRole('SYSOPS')
export class SimulationController {
  constructor(private readonly simulation: SimulationService) {}

  @Endpoint(api.simulation.templates)
  templates(): { items: DrillTemplateSummary[] } {
    return this.simulation.templates();
  }

  @Endpoint(api.simulation.list)
  list(): Promise<{ items: SimulationRunSummary[] }> {
    return this.simulation.list();
  }

  @Endpoint(api.simulation.create)
  create(@Auth() auth: Principal, @ValidBody() body: Parameters<SimulationService['create']>[1]): Promise<SimulationRun> {
    return this.simulation.create(auth, body);
  }

  @Endpoint(api.simulation.get)
  get(@Param('id') id: string): Promise<SimulationRun> {
    return this.simulation.get(id);
  }

  @Endpoint(api.simulation.control)
  control(@Param('id') id: string, @ValidBody() body: { action: Parameters<SimulationService['control']>[1] }): Promise<SimulationRun> {
    return this.simulation.control(id, body.action);
  }

  @Endpoint(api.simulation.speed)
  speed(@Param('id') id: string, @ValidBody() body: { speed: Parameters<SimulationService['setSpeed']>[1] }): Promise<SimulationRun> {
    return this.simulation.setSpeed(id, body.speed);
  }

  @Endpoint(api.simulation.remove)
  remove(@Param('id') id: string): Promise<void> {
    return this.simulation.remove(id);
  }
}
