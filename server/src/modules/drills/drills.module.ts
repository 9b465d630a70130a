import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MapsModule } from '../maps/maps.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { ConsoleGateway } from './console.gateway.js';
import { ConsoleService } from './console.service.js';
import { DrillMembersService } from './drill-members.service.js';
import { DrillRunsController, DrillTemplatesController } from './drills.controller.js';
import { DrillsProcessor } from './drills.processor.js';
import { CadenceRow } from './entities/cadence.entity.js';
import { CorrectiveActionRow } from './entities/corrective-action.entity.js';
import { DrillRunRow } from './entities/drill-run.entity.js';
import { DrillSettingsRow } from './entities/drill-settings.entity.js';
import { DrillTemplateRow } from './entities/drill-template.entity.js';
import { ReminderRuleRow } from './entities/reminder-rule.entity.js';
import { RunAddendumRow } from './entities/run-addendum.entity.js';
import { RunInjectRow } from './entities/run-inject.entity.js';
import { RunLogRow } from './entities/run-log.entity.js';
import { RunObservationRow } from './entities/run-observation.entity.js';
import { RunParticipantRow } from './entities/run-participant.entity.js';
import { RunStepRow } from './entities/run-step.entity.js';
import { DrillRemindersController } from './reminders.controller.js';
import { RemindersService } from './reminders.service.js';
import { RunStore } from './run-store.js';
import { RunsService } from './runs.service.js';
import { SummaryService } from './summary/summary.service.js';
import { TemplatesService } from './templates.service.js';

export const DRILL_ENTITIES = [
  DrillTemplateRow,
  DrillRunRow,
  RunParticipantRow,
  RunStepRow,
  RunInjectRow,
  RunObservationRow,
  RunLogRow,
  CorrectiveActionRow,
  RunAddendumRow,
  ReminderRuleRow,
  CadenceRow,
  DrillSettingsRow,
];

/** Drills: templates and the library, runs and the live console, after-action summaries, reminders and cadences. */
@Module({
  imports: [TypeOrmModule.forFeature(DRILL_ENTITIES), UsageModule, NotificationsModule, MapsModule],
  controllers: [DrillTemplatesController, DrillRunsController, DrillRemindersController],
  providers: [
    DrillMembersService,
    TemplatesService,
    RunStore,
    RunsService,
    ConsoleService,
    SummaryService,
    RemindersService,
    ConsoleGateway,
    DrillsProcessor,
  ],
  exports: [RunsService, DrillMembersService, SummaryService, RemindersService],
})
export class DrillsModule {}
