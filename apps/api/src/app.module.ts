import { DynamicModule, Module } from '@nestjs/common';
import { AccountModule } from './account/account.module';
import { AlertRulesModule } from './signals/alert-rules/alert-rules.module';
import { AlertGroupingModule } from './signals/alert-grouping/alert-grouping.module';
import { AlertVisualizationModule } from './signals/alert-visualization/alert-visualization.module';
import { EscalationPoliciesModule } from './signals/escalation-policies/escalation-policies.module';
import { OnCallSchedulesModule, ShiftNoticesModule } from './signals/on-call-schedules/on-call-schedules.module';
import { CoreModule } from './core/core.module';
import { HealthModule } from './health/health.module';
import { HistoryModule } from './history/history.module';
import { AuditEventsModule } from './audit-events/audit-events.module';
import { MetricsModule } from './metrics/metrics.module';
import { RegistrationModule } from './registration/registration.module';
import { SessionsModule } from './sessions/sessions.module';
import { SignalsIngestModule } from './signals/signals-ingest.module';
import { NotificationPolicyModule } from './notification-policy/notification-policy.module';
import { NotificationPreferencesModule } from './notification-preferences/notification-preferences.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { OrganizationAdminModule } from './organization-admin/organization-admin.module';
import { PhonesModule } from './phones/phones.module';
import { DestinationsModule } from './destinations/destinations.module';
import { ProcessesModule } from './process/processes.module';
import type { Runtime } from './runtime/runtime';
import { IdempotencyModule } from './shared/idempotency/idempotency.module';
import { PagingModule } from './signals/paging/paging.module';
import { WebhookTargetsModule } from './signals/webhook-targets/webhook-targets.module';
import { HeartbeatsModule } from './signals/heartbeats/heartbeats.module';
import { SelfTestModule } from './signals/self-test/self-test.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { MaintenancesModule } from './incidents/maintenances/maintenances.module';
import { IncidentsModule } from './incidents/incidents/incidents.module';
import { IncidentSettingsModule } from './incidents/settings/incident-settings.module';
import { RetrospectivesModule } from './incidents/retrospectives/retrospectives.module';
import { SsoModule } from './sso/sso.module';
import { TeamsModule } from './teams/teams.module';
import { WorkerModule } from './worker/worker.module';

/** The HTTP + socket application: the core, then one module per area, and the job worker (roles all and worker). */
@Module({})
export class AppModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(runtime),
        ProcessesModule,
        SessionsModule,
        RegistrationModule,
        IdempotencyModule,
        HealthModule,
        MetricsModule,
        HistoryModule,
        AuditEventsModule,
        NotificationPolicyModule,
        NotificationPreferencesModule,
        OrganizationAdminModule,
        TeamsModule,
        EscalationPoliciesModule,
        AlertRulesModule,
        AlertGroupingModule,
        AlertVisualizationModule,
        OnCallSchedulesModule,
        AccountModule,
        PhonesModule,
        DestinationsModule,
        OnboardingModule,
        SsoModule,
        SignalsIngestModule,
        PagingModule,
        WebhookTargetsModule,
        HeartbeatsModule,
        SelfTestModule,
        ApiKeysModule,
        MaintenancesModule,
        IncidentsModule,
        IncidentSettingsModule,
        RetrospectivesModule,
        ShiftNoticesModule,
        WorkerModule,
      ],
    };
  }
}
