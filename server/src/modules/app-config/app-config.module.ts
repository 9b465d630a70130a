import { Module } from '@nestjs/common';
import { AppConfigController } from './app-config.controller.js';

/** Public installation settings for the web app. */
@Module({ controllers: [AppConfigController] })
export class AppConfigModule {}
