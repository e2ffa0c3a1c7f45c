import type { PolicyItemFields } from './events';

/** `orgId` is the caller's organization (from the session): an item of another one is "not found". */
export type CreatePolicyItem = { type: 'CreatePolicyItem'; id: string; orgId: string } & PolicyItemFields;
/** Fields left out keep their value (PATCH). */
export type ChangePolicyItem = { type: 'ChangePolicyItem'; id: string; orgId: string } & Partial<PolicyItemFields>;
export type RemovePolicyItem = { type: 'RemovePolicyItem'; id: string; orgId: string };

export type NotificationPolicyCommand = CreatePolicyItem | ChangePolicyItem | RemovePolicyItem;
