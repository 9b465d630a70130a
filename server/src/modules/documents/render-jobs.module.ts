import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RenderRow } from './entities/render.entity.js';
import { RenderJobsService } from './render-jobs.service.js';

/**
 * The render queue's bookkeeping on its own, without the documents engine's makers: a module whose
 * render kind the engine does not import (the evidence vault's snapshots) registers its maker and
 * starts its renders through it, with no cycle through the modules the engine imports.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RenderRow])],
  providers: [RenderJobsService],
  exports: [RenderJobsService],
})
export class RenderJobsModule {}
