import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SimulationRunRow } from './entities/simulation-run.entity.js';
import { SimulationController } from './simulation.controller.js';
import { SimulationProcessor } from './simulation.processor.js';
import { SimulationService } from './simulation.service.js';

export const SIMULATION_ENTITIES = [SimulationRunRow];

/** The drill simulation sandbox: library templates played by virtual participants on a stored clock. */
@Module({
  imports: [TypeOrmModule.forFeature(SIMULATION_ENTITIES)],
  controllers: [SimulationController],
  providers: [SimulationService, SimulationProcessor],
})
export class SimulationModule {}
