/** Every feature flag SPEC.md section 6 names; `hideWhatsApp` is its "flag that hides WhatsApp destinations". */
export const FEATURE_FLAGS = [
  'signals',
  'alertGrouping',
  'customMilestones',
  'incidentAudiences',
  'auditEvents',
  'integrationsSlackAiSummary',
  'incidentTypesRequiredFields',
  'fdnsAnalyticsRedesignEndpoints',
  'profilePageRedesign',
  'rbacCandidateControl',
  'reflow',
  'sessionReplay',
  'onboarding-headers',
  'hideWhatsApp',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * What a fresh installation runs with. Finished product areas are on. Off: redesigns not built yet
 * (profilePageRedesign, fdnsAnalyticsRedesignEndpoints, reflow onboarding), permission-based access instead of
 * role-based (rbacCandidateControl), features that need an outside service (Slack AI summaries, session replay), and
 * hiding WhatsApp, which a deployment without a WhatsApp sender turns on.
 */
export const DEFAULT_FEATURE_FLAGS: Record<FeatureFlag, boolean> = {
  signals: true,
  alertGrouping: true,
  customMilestones: true,
  incidentAudiences: true,
  auditEvents: true,
  integrationsSlackAiSummary: false,
  incidentTypesRequiredFields: true,
  fdnsAnalyticsRedesignEndpoints: false,
  profilePageRedesign: false,
  rbacCandidateControl: false,
  reflow: false,
  sessionReplay: false,
  'onboarding-headers': true,
  hideWhatsApp: false,
};
