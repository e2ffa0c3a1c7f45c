import { api, withQuery } from '@/lib/api-client';
import { incidentStatusUpdateDraftPath, type IncidentStatusUpdateDraft } from '@tocsin/contracts';

/** A template's body with the incident's values filled in, to edit before posting (asked for on a click). */
export const getStatusUpdateDraft = async (incidentId: string, templateId: string) =>
  (
    await api.get<{ data: IncidentStatusUpdateDraft }>(
      withQuery(incidentStatusUpdateDraftPath(incidentId), { template_id: templateId }),
    )
  ).data;
