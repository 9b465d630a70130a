import { Module } from '@nestjs/common';
import { KnowledgeModule } from '../knowledge/knowledge.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { AssistantController } from './assistant.controller.js';
import { AssistantService } from './assistant.service.js';

/** The help-desk assistant ("Skipper"): answers from published articles. */
@Module({
  imports: [KnowledgeModule, UsageModule],
  controllers: [AssistantController],
  providers: [AssistantService],
})
export class AssistantModule {}
