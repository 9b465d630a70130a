import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditChainHead, AuditEvent } from './audit-event.entity.js';
import { AuditService } from './audit.service.js';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([AuditEvent, AuditChainHead])], providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
