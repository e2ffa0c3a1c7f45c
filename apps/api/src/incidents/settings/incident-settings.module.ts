import { Module } from '@nestjs/common';
import { IncidentSettingsController } from './incident-settings.controller';
import { IncidentSettingsService } from './incident-settings.service';

/** Incident settings (issue 21): the organization's severities, priorities, milestones, roles and the rest. */
@Module({ controllers: [IncidentSettingsController], providers: [IncidentSettingsService] })
export class IncidentSettingsModule {}
