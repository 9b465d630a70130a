import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { QueueService } from './queue.service.js';
import { WorkersService } from './workers.service.js';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [QueueService, WorkersService],
  exports: [QueueService],
})
export class QueuesModule {}
