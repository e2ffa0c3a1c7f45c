import type { IncidentSettingsPart } from './events';
import type { IncidentRequiredField, NamedItem, SeverityMatrix, TicketingSettings } from './model';

/** An item as a client sends it: an existing item's id, or null for a new one (the api picks its id). */
type Sent<Item> = Omit<Item, 'id'> & { id: string | null };

/** What each part is saved from. Built-in flags and milestone keys are the server's, never the client's. */
export interface IncidentSettingsInput {
  severities: Array<Sent<{ id: string; name: string; description: string; rank: number }>>;
  priorities: Array<Sent<{ id: string; name: string; description: string; rank: number }>>;
  /** In order: the first is position 0. */
  milestones: Array<Sent<{ id: string; name: string }>>;
  durations: Array<Sent<{ id: string; name: string; from: string; to: string }>>;
  roles: Array<Sent<{ id: string; name: string; description: string; taskListId: string | null }>>;
  types: Array<Sent<{ id: string; name: string; description: string; requiredFields: IncidentRequiredField[] }>>;
  taskLists: Array<Sent<{ id: string; name: string; tasks: Array<{ title: string; description: string }> }>>;
  statusUpdateTemplates: Array<Sent<{ id: string; name: string; body: string }>>;
  conditions: Array<Sent<NamedItem>>;
  audiences: Array<Sent<NamedItem>>;
  severityMatrix: SeverityMatrix;
  ticketing: TicketingSettings;
}

/**
 * Save one part of the caller's organization's incident settings. `expectedRevision` is the part's revision the
 * client read: another save in between makes it stale (refused, nothing written). `newIds` are ids the api made
 * for the new items (as many as there are items at least), taken in order. `customMilestones` is the
 * organization's flag: off, milestones are the built-in ones only.
 */
export type SaveIncidentSettings = {
  [Part in IncidentSettingsPart]: {
    type: 'SaveIncidentSettings';
    orgId: string;
    part: Part;
    value: IncidentSettingsInput[Part];
    expectedRevision: number;
    newIds: string[];
    customMilestones: boolean;
  };
}[IncidentSettingsPart];

export type IncidentSettingsCommand = SaveIncidentSettings;
