import type { RetrospectiveTemplateEvent } from '@tocsin/domain';
import {
  retrospectiveTemplateDocId,
  retrospectiveTemplatesView,
  type RetrospectiveTemplateDoc,
} from '../../../incidents/retrospective-templates.read-model';
import type { Projection, RecordedEvent } from '../../../projection';

export const retrospectiveTemplatesProjection: Projection<RetrospectiveTemplateDoc> = {
  name: retrospectiveTemplatesView.name,
  version: 1,
  collection: retrospectiveTemplatesView.collection,
  indexes: retrospectiveTemplatesView.indexes,
  handles: ['RetrospectiveTemplateCreated', 'RetrospectiveTemplateChanged', 'RetrospectiveTemplateDeleted'],
  documentIds: (event) => {
    const { orgId, templateId } = event.data as { orgId: string; templateId: string };
    return [retrospectiveTemplateDocId(orgId, templateId)];
  },
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as RetrospectiveTemplateEvent;
    const at = recorded.metadata.occurredAt;
    const { orgId, templateId } = event.data;
    const _id = retrospectiveTemplateDocId(orgId, templateId);
    switch (event.type) {
      case 'RetrospectiveTemplateCreated':
      case 'RetrospectiveTemplateChanged': {
        const { name, description, sections, revision } = event.data;
        const copiedFrom =
          event.type === 'RetrospectiveTemplateCreated' ? event.data.copiedFrom : (doc?.copiedFrom ?? null);
        return {
          _id,
          orgId,
          templateId,
          name,
          sortName: name.toLowerCase(),
          description,
          sections,
          revision,
          copiedFrom,
          deleted: false,
          // the default template's first change makes its document: it was there from the start
          created_at: doc?.created_at ?? (event.type === 'RetrospectiveTemplateCreated' ? at : null),
          updated_at: at,
        };
      }
      case 'RetrospectiveTemplateDeleted':
        // kept as a tombstone: a deleted default template must not come back as the default
        return doc
          ? { ...doc, deleted: true, updated_at: at }
          : {
              _id,
              orgId,
              templateId,
              name: '',
              sortName: '',
              description: '',
              sections: [],
              revision: 0,
              copiedFrom: null,
              deleted: true,
              created_at: null,
              updated_at: at,
            };
    }
  },
};
