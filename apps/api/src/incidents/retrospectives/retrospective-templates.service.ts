import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ViewNames, type RetrospectiveTemplate } from '@tocsin/contracts';
import {
  DEFAULT_RETROSPECTIVE_TEMPLATE_ID,
  RETROSPECTIVE_TEMPLATE_NOT_FOUND,
  StaleRevisionError,
  type RetrospectiveTemplateCommand,
  type RetrospectiveTemplateContent,
} from '@tocsin/domain';
import { retrospectiveTemplatesView, type RetrospectiveTemplateDoc } from '@tocsin/read-models';
import { retrospectiveTemplateCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';

/** Retrospective templates: commands through the template decider, reads through the view (with the default). */
@Injectable()
export class RetrospectiveTemplatesService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** A stale revision answers 409 with the template as the decider saw it now (not the view, which may lag). */
  async run(command: DistributiveOmit<RetrospectiveTemplateCommand, 'orgId'>, context: RequestContext) {
    try {
      return await this.commands.run(retrospectiveTemplateCommand(command, context), ViewNames.retrospectiveTemplates);
    } catch (error) {
      if (!(error instanceof StaleRevisionError)) throw error;
      const current = error.current as RetrospectiveTemplateContent & { revision: number };
      const doc = await this.doc(context.orgId, command.templateId).catch(() => null);
      throw new ConflictException({
        error: 'conflict',
        message: error.message,
        current: {
          ...(doc ? present(doc) : presentContent(command.templateId)),
          name: current.name,
          description: current.description,
          sections: current.sections,
          revision: current.revision,
        },
      });
    }
  }

  async doc(orgId: string, templateId: string): Promise<RetrospectiveTemplateDoc> {
    const doc = await retrospectiveTemplatesView.find(this.store, orgId, templateId);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: RETROSPECTIVE_TEMPLATE_NOT_FOUND });
    return doc;
  }

  async find(orgId: string, templateId: string): Promise<RetrospectiveTemplate> {
    return present(await this.doc(orgId, templateId));
  }

  async list(orgId: string): Promise<RetrospectiveTemplate[]> {
    return (await retrospectiveTemplatesView.ofOrg(this.store, orgId)).map(present);
  }
}

const presentContent = (templateId: string): RetrospectiveTemplate => ({
  id: templateId,
  name: '',
  description: '',
  sections: [],
  revision: 0,
  is_default: templateId === DEFAULT_RETROSPECTIVE_TEMPLATE_ID,
  copied_from: null,
  created_at: null,
  updated_at: null,
});

export function present(doc: RetrospectiveTemplateDoc): RetrospectiveTemplate {
  return {
    id: doc.templateId,
    name: doc.name,
    description: doc.description,
    sections: doc.sections,
    revision: doc.revision,
    is_default: doc.templateId === DEFAULT_RETROSPECTIVE_TEMPLATE_ID,
    copied_from: doc.copiedFrom,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}
