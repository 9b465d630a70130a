import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SigningModule } from '../../platform/signing/signing.module.js';
import { AuditBundleVerifyModule } from '../audit-bundles/audit-bundles.module.js';
import { ComplianceModule } from '../compliance/compliance.module.js';
import { ComplianceDocumentsModule } from '../compliance-documents/compliance-documents.module.js';
import { DrillsModule } from '../drills/drills.module.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { SopsModule } from '../sops/sops.module.js';
import { ComplianceEvaluator } from './compliance-evaluator.js';
import { PacketFileRow } from './entities/packet-file.entity.js';
import { PacketRow } from './entities/packet.entity.js';
import { WaiverAcceptanceRow } from './entities/waiver-acceptance.entity.js';
import { PacketEvaluator } from './packet-evaluator.js';
import { PacketsController, VerifyPacketController } from './packets.controller.js';
import { PacketsService } from './packets.service.js';

/** This module's own tables (database/entities.ts lists them). */
export const PACKET_ENTITIES = [PacketRow, PacketFileRow, WaiverAcceptanceRow];

/**
 * Compliance packets: issued, signed, verified in public; the waiver. Renders (issue, stamped
 * downloads) run in the documents engine, which imports this module.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([...PACKET_ENTITIES, Organization]),
    SigningModule,
    DrillsModule,
    ComplianceModule,
    ComplianceDocumentsModule,
    SopsModule,
    AuditBundleVerifyModule,
  ],
  controllers: [PacketsController, VerifyPacketController],
  providers: [PacketsService, { provide: PacketEvaluator, useClass: ComplianceEvaluator }],
  exports: [PacketsService],
})
export class CompliancePacketsModule {}
