import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { RetrospectiveTemplate, RetrospectiveTemplatesResponse } from '@tocsin/contracts';
import { copyName } from '@tocsin/domain';
import { RequirePermission } from '../../access/access.decorators';
import { deterministicId } from '../../shared/event-sourced';
import { NoBodyDto } from '../../shared/no-body.dto';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { RetrospectiveTemplateChangeDto, RetrospectiveTemplateDto } from './retrospective-templates.dto';
import { RetrospectiveTemplatesService } from './retrospective-templates.service';

type One = { data: RetrospectiveTemplate };

/**
 * Retrospective templates (`/settings/retrospectives/templates`): read with read_incident_settings (collaborators
 * and up, who start retrospectives from them), changed with manage_incident_settings (members and owners).
 */
@ApiTags('incidents')
@Controller('api/v1/retrospective_templates')
export class RetrospectiveTemplatesController {
  constructor(private readonly templates: RetrospectiveTemplatesService) {}

  /** Every template of the organization by name, the default "Standard retrospective" among them. */
  @Get()
  @RequirePermission('read_incident_settings')
  async list(@Ctx() context: RequestContext): Promise<RetrospectiveTemplatesResponse> {
    return { data: await this.templates.list(context.orgId) };
  }

  @Get(':id')
  @RequirePermission('read_incident_settings')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<One> {
    return { data: await this.templates.find(context.orgId, id) };
  }

  @Post()
  @RequirePermission('manage_incident_settings')
  async create(@Body() body: RetrospectiveTemplateDto, @Ctx() context: RequestContext): Promise<One> {
    const templateId = deterministicId(`${context.commandId}/retrospective-template`);
    await this.templates.run({ type: 'CreateRetrospectiveTemplate', templateId, ...body }, context);
    return { data: await this.templates.find(context.orgId, templateId) };
  }

  /** A change names the revision it was made on: a stale one answers 409 with `current`, and nothing is saved. */
  @Patch(':id')
  @RequirePermission('manage_incident_settings')
  async change(
    @Param('id') id: string,
    @Body() body: RetrospectiveTemplateChangeDto,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    await this.templates.run({ type: 'ChangeRetrospectiveTemplate', templateId: id, ...body }, context);
    return { data: await this.templates.find(context.orgId, id) };
  }

  /** A new template named "Copy of X", with X's description, sections and questions. */
  @Post(':id/copy')
  @RequirePermission('manage_incident_settings')
  async copy(@Param('id') id: string, @Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<One> {
    const source = await this.templates.doc(context.orgId, id);
    const templateId = deterministicId(`${context.commandId}/retrospective-template`);
    await this.templates.run(
      {
        type: 'CreateRetrospectiveTemplate',
        templateId,
        copiedFrom: source.templateId,
        name: copyName(source.name),
        description: source.description,
        sections: source.sections.map((section) => ({
          title: section.title,
          questions: section.questions.map((question) => question.prompt),
        })),
      },
      context,
    );
    return { data: await this.templates.find(context.orgId, templateId) };
  }

  @Delete(':id')
  @RequirePermission('manage_incident_settings')
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.templates.run({ type: 'DeleteRetrospectiveTemplate', templateId: id }, context);
  }
}
