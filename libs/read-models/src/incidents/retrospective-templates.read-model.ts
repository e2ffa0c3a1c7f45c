import { ViewNames } from '@tocsin/contracts';
import {
  DEFAULT_RETROSPECTIVE_TEMPLATE,
  DEFAULT_RETROSPECTIVE_TEMPLATE_ID,
  type RetrospectiveSection,
} from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from '../read-model';

/**
 * One document per template an organization saved, id `{orgId}/{templateId}` (the default template's id is the
 * same in every organization). A deleted default template keeps its document (`deleted`), so the organization
 * no longer sees the default in its place.
 */
export interface RetrospectiveTemplateDoc extends ViewDocument {
  orgId: string;
  templateId: string;
  name: string;
  sortName: string;
  description: string;
  sections: RetrospectiveSection[];
  revision: number;
  copiedFrom: string | null;
  deleted: boolean;
  created_at: string | null;
  updated_at: string | null;
}

const templates = readModel<RetrospectiveTemplateDoc>({
  name: ViewNames.retrospectiveTemplates,
  collection: 'retrospective_templates',
  indexes: [{ keys: { orgId: 1, sortName: 1, _id: 1 } }],
});

export const retrospectiveTemplateDocId = (orgId: string, templateId: string) => `${orgId}/${templateId}`;

/** The default template as an organization that never changed it reads it. */
const defaultTemplate = (orgId: string): RetrospectiveTemplateDoc => ({
  _id: retrospectiveTemplateDocId(orgId, DEFAULT_RETROSPECTIVE_TEMPLATE_ID),
  orgId,
  templateId: DEFAULT_RETROSPECTIVE_TEMPLATE_ID,
  ...DEFAULT_RETROSPECTIVE_TEMPLATE,
  sortName: DEFAULT_RETROSPECTIVE_TEMPLATE.name.toLowerCase(),
  revision: 0,
  copiedFrom: null,
  deleted: false,
  created_at: null,
  updated_at: null,
});

const byName = (a: RetrospectiveTemplateDoc, b: RetrospectiveTemplateDoc) =>
  a.sortName.localeCompare(b.sortName) || a._id.localeCompare(b._id);

/** Every reader of retrospective templates goes through these: they add the default an organization has. */
export const retrospectiveTemplatesView = {
  ...templates,
  /** The organization's templates by name, the default among them until it is deleted. */
  ofOrg: async (reader: ViewReader, orgId: string): Promise<RetrospectiveTemplateDoc[]> => {
    const saved = await templates.find(reader, { orgId }, { sort: { sortName: 1, _id: 1 } });
    const hasDefault = saved.some((doc) => doc.templateId === DEFAULT_RETROSPECTIVE_TEMPLATE_ID);
    return [...saved.filter((doc) => !doc.deleted), ...(hasDefault ? [] : [defaultTemplate(orgId)])].sort(byName);
  },
  /** One template of the organization; another organization's, or a deleted one, is not found, like an unknown id. */
  find: async (reader: ViewReader, orgId: string, templateId: string): Promise<RetrospectiveTemplateDoc | null> => {
    const doc = await templates.findOne(reader, { _id: retrospectiveTemplateDocId(orgId, templateId), orgId });
    if (doc) return doc.deleted ? null : doc;
    return templateId === DEFAULT_RETROSPECTIVE_TEMPLATE_ID ? defaultTemplate(orgId) : null;
  },
};
