import { Global, Module } from '@nestjs/common';
import { AiCompletionService } from './ai-completion.service.js';

/** The configured OpenAI-compatible API, for the assistant and quick generate. */
@Global()
@Module({ providers: [AiCompletionService], exports: [AiCompletionService] })
export class AiModule {}
