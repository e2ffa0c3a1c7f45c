import type { EventMetadata } from '../shared/event';

export const AUDIT_ACTOR_KINDS = ['person', 'key', 'link', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * Who made a change, from its event's metadata alone: an API key, a person through a signed link or an SMS
 * reply (no session: the link or the phone stood for them), a signed-in person, or the system (no actor).
 */
export function auditActorOf(metadata: Pick<EventMetadata, 'actorId' | 'via' | 'apiKeyId'>): {
  kind: AuditActorKind;
  id: string | null;
} {
  const id = metadata.actorId;
  // a key acts for its owner (`actorId`): the key is the actor
  if (metadata.via === 'key') return { kind: 'key', id: metadata.apiKeyId ?? id };
  if (id === null) return { kind: 'system', id };
  if (metadata.via === 'link' || metadata.via === 'sms_reply') return { kind: 'link', id };
  return { kind: 'person', id };
}

/** The resource an event changed: its stream, `{kind}-{id}` (ids may hold dashes themselves). */
export function auditResourceOf(stream: string): { kind: string; id: string } {
  const dash = stream.indexOf('-');
  return dash < 0 ? { kind: stream, id: '' } : { kind: stream.slice(0, dash), id: stream.slice(dash + 1) };
}
