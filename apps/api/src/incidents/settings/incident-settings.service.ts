import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  INCIDENT_SETTINGS_PART_PATHS,
  type IncidentSettingsPartPath,
  type IncidentSettingsResource,
  type StaleIncidentSettingsAnswer,
} from '@tocsin/contracts';
import {
  INCIDENT_SETTINGS_PARTS,
  StaleIncidentSettingsError,
  type IncidentSettings,
  type IncidentSettingsInput,
  type IncidentSettingsPart,
  type SaveIncidentSettings,
} from '@tocsin/domain';
import { incidentSettingsView } from '@tocsin/read-models';
import { incidentSettingsCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { featureFlagsOf } from '../../organization-admin/organization-feature-flags';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import { deterministicId } from '../../shared/deterministic-id';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';

/** The settings as the API shows them: the model's fields in the API's snake_case. */
export function presentIncidentSettings(
  settings: IncidentSettings,
  revisions: Partial<Record<IncidentSettingsPart, number>>,
): IncidentSettingsResource {
  return {
    severities: settings.severities,
    priorities: settings.priorities,
    milestones: settings.milestones.map(({ builtIn, ...item }) => ({ ...item, built_in: builtIn })),
    durations: settings.durations.map(({ builtIn, ...item }) => ({ ...item, built_in: builtIn })),
    roles: settings.roles.map(({ builtIn, taskListId, ...item }) => ({
      ...item,
      task_list_id: taskListId,
      built_in: builtIn,
    })),
    types: settings.types.map(({ requiredFields, ...item }) => ({ ...item, required_fields: requiredFields })),
    task_lists: settings.taskLists,
    status_update_templates: settings.statusUpdateTemplates,
    conditions: settings.conditions,
    audiences: settings.audiences,
    severity_matrix: settings.severityMatrix,
    ticketing: {
      provider: settings.ticketing.provider,
      project_key: settings.ticketing.projectKey,
      auto_create_follow_ups: settings.ticketing.autoCreateFollowUps,
    },
    revisions: Object.fromEntries(
      INCIDENT_SETTINGS_PARTS.map((part) => [INCIDENT_SETTINGS_PART_PATHS[part], revisions[part] ?? 0]),
    ) as Record<IncidentSettingsPartPath, number>,
  };
}

/** Incident settings (issue 21): read through the one view, saved a part at a time through the one decider. */
@Injectable()
export class IncidentSettingsService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async get(orgId: string): Promise<IncidentSettingsResource> {
    const [settings, doc] = await Promise.all([
      incidentSettingsView.of(this.store, orgId),
      incidentSettingsView.doc(this.store, orgId),
    ]);
    return presentIncidentSettings(settings, doc?.revisions ?? {});
  }

  /** Off (flag incidentAudiences), audiences do not exist for the organization: saving them answers 404. */
  async assertAudiencesOn(orgId: string): Promise<void> {
    if (!(await featureFlagsOf(this.store, orgId)).incidentAudiences)
      throw new NotFoundException({ error: 'not_found', message: 'Audiences are not turned on for this organization' });
  }

  /** Saves one part; a stale `expectedRevision` is answered 409 with the settings as they are now. */
  async save<Part extends IncidentSettingsPart>(
    part: Part,
    value: IncidentSettingsInput[Part],
    expectedRevision: number,
    context: RequestContext,
  ): Promise<IncidentSettingsResource> {
    const count = Array.isArray(value) ? value.length : 0;
    const newIds = Array.from({ length: count }, (_, i) =>
      deterministicId(`${context.commandId}/incident-settings/${i}`),
    );
    const { customMilestones } = await featureFlagsOf(this.store, context.orgId);
    const command = { type: 'SaveIncidentSettings', part, value, expectedRevision, newIds, customMilestones };
    try {
      await this.commands.run(
        incidentSettingsCommand(command as DistributiveOmit<SaveIncidentSettings, 'orgId'>, context),
        incidentSettingsView.name,
      );
    } catch (error) {
      if (!(error instanceof StaleIncidentSettingsError)) throw error;
      const answer: StaleIncidentSettingsAnswer = {
        error: 'stale_revision',
        message: error.message,
        data: await this.get(context.orgId),
      };
      throw new ConflictException({ ...answer, fields: error.fields });
    }
    return this.get(context.orgId);
  }
}
