import { Global, Module } from '@nestjs/common';
import { StorageService } from './storage.service.js';

/** File storage for every feature: local disk by default, an S3-compatible bucket when configured. */
@Global()
@Module({
  providers: [StorageService],
  exports: [StorageService],
})
export class StorageModule {}
