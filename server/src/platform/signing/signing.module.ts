import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SigningKeyRow } from './signing-key.entity.js';
import { SigningService } from './signing.service.js';

/** The platform's Ed25519 signing keys (compliance packets), with rotation. */
@Module({
  imports: [TypeOrmModule.forFeature([SigningKeyRow])],
  providers: [SigningService],
  exports: [SigningService],
})
export class SigningModule {}
