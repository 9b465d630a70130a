import { Module } from '@nestjs/common';
import { OpsDatabaseController } from './ops-database.controller.js';
import { OpsDatabaseService } from './ops-database.service.js';

/** The root admin's database page: PostgreSQL, Redis and queue facts, read in READ ONLY transactions. */
@Module({
  controllers: [OpsDatabaseController],
  providers: [OpsDatabaseService],
})
export class OpsDatabaseModule {}
