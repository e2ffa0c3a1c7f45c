import type { NotificationPolicyEvent, NotificationSettingEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import {
  compliancePolicyDocId,
  complianceSettingsDocId,
  notificationComplianceView,
  type CompliancePolicyDoc,
  type ComplianceSettingsDoc,
  type NotificationComplianceDoc,
} from '../../notification-compliance.read-model';
import { settingsOwner } from '../notification-settings/settings-owner';

const POLICY_EVENTS = ['PolicyItemCreated', 'PolicyItemChanged', 'PolicyItemRemoved'];
const isPolicyEvent = (event: RecordedEvent) => POLICY_EVENTS.includes(event.type);
const orgOf = (event: RecordedEvent) => event.metadata.orgId ?? '';

/** Replaces the entry with the same id where it stands (lists keep their order), or appends it. */
function upsert<T extends { id: string }>(list: readonly T[], entry: T): T[] {
  const at = list.findIndex((existing) => existing.id === entry.id);
  const next = [...list];
  if (at < 0) next.push(entry);
  else next[at] = entry;
  return next;
}

function evolvePolicy(doc: CompliancePolicyDoc | null, recorded: RecordedEvent): CompliancePolicyDoc | null {
  const event = { type: recorded.type, data: recorded.data } as NotificationPolicyEvent;
  const items = doc?.items ?? [];
  const base = { _id: compliancePolicyDocId(orgOf(recorded)), orgId: orgOf(recorded) };
  if (event.type === 'PolicyItemRemoved') {
    const others = items.filter((item) => item.id !== event.data.id);
    return others.length > 0 ? { ...base, items: others } : null;
  }
  const { id, priority, notification_group_method, max_delay } = event.data;
  return { ...base, items: upsert(items, { id, priority, notification_group_method, max_delay }) };
}

function evolveSettings(doc: ComplianceSettingsDoc | null, recorded: RecordedEvent): ComplianceSettingsDoc | null {
  const event = { type: recorded.type, data: recorded.data } as NotificationSettingEvent;
  const settings = doc?.settings ?? [];
  const base = {
    _id: complianceSettingsDocId(orgOf(recorded), settingsOwner(recorded)),
    orgId: orgOf(recorded),
    userId: settingsOwner(recorded),
  };
  if (event.type === 'NotificationSettingRemoved') {
    const others = settings.filter((setting) => setting.id !== event.data.id);
    return others.length > 0 ? { ...base, settings: others } : null;
  }
  const { id, notification_type, delay, notification_priority } = event.data;
  return { ...base, settings: upsert(settings, { id, notification_type, delay, notification_priority }) };
}

export const notificationComplianceProjection: Projection<NotificationComplianceDoc> = {
  name: notificationComplianceView.name,
  version: 1,
  collection: notificationComplianceView.collection,
  indexes: notificationComplianceView.indexes,
  handles: [...POLICY_EVENTS, 'NotificationSettingSaved', 'NotificationSettingRemoved'],
  documentIds: (event) =>
    isPolicyEvent(event)
      ? [compliancePolicyDocId(orgOf(event))]
      : [complianceSettingsDocId(orgOf(event), settingsOwner(event))],
  evolve: (doc, event) =>
    isPolicyEvent(event)
      ? evolvePolicy(doc as CompliancePolicyDoc | null, event)
      : evolveSettings(doc as ComplianceSettingsDoc | null, event),
};
