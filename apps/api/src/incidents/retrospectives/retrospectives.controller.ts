import { Body, Controller, Delete, Get, Header, Inject, Param, Post, Put, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { RetrospectiveResponse } from '@tocsin/contracts';
import { retrospectiveMarkdown } from '@tocsin/domain';
import { retrospectiveTemplatesView } from '@tocsin/read-models';
import type { Response } from 'express';
import { RequirePermission } from '../../access/access.decorators';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';
import { deterministicId } from '../../shared/event-sourced';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { invalidField } from '../incidents/incidents.service';
import { retrospectivePdf } from './retrospective-pdf';
import {
  AddContributingFactorDto,
  AnswerRetrospectiveQuestionDto,
  ChangeRetrospectiveStatusDto,
  StartRetrospectiveDto,
} from './retrospectives.dto';
import { RetrospectivesService } from './retrospectives.service';

/**
 * An incident's retrospective (issue 21): started from a template (one per incident), read with the incident
 * filled in as it is now, each question answered without overwriting another's answer, contributing factors,
 * in progress -> in review -> completed, and exported as Markdown and PDF. Reading and exporting is
 * `read_incidents`; working it is `manage_incidents`; another organization's incident is 404.
 */
@ApiTags('incidents')
@Controller('api/v1/incidents/:id')
export class RetrospectivesController {
  constructor(
    private readonly retrospectives: RetrospectivesService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  @Get('retrospective')
  @RequirePermission('read_incidents')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<RetrospectiveResponse> {
    return { data: await this.retrospectives.find(context.orgId, id) };
  }

  /** Starts from a template, copying its sections; a second start answers 409. */
  @Post('retrospective')
  @RequirePermission('manage_incidents')
  async start(
    @Param('id') id: string,
    @Body() body: StartRetrospectiveDto,
    @Ctx() context: RequestContext,
  ): Promise<RetrospectiveResponse> {
    await this.retrospectives.incidents.doc(context.orgId, id);
    const template = await retrospectiveTemplatesView.find(this.store, context.orgId, body.template_id);
    if (!template) throw invalidField('template_id', 'template_id names no retrospective template');
    return this.apply(id, context, {
      type: 'StartRetrospective',
      templateId: template.templateId,
      sections: template.sections,
    });
  }

  /** `revision` is the answer's the editor saw: a stale one answers 409 with the other's answer, nothing saved. */
  @Put('retrospective/answers/:questionId')
  @RequirePermission('manage_incidents')
  answer(
    @Param('id') id: string,
    @Param('questionId') questionId: string,
    @Body() body: AnswerRetrospectiveQuestionDto,
    @Ctx() context: RequestContext,
  ): Promise<RetrospectiveResponse> {
    return this.apply(id, context, {
      type: 'AnswerRetrospectiveQuestion',
      questionId,
      answer: body.answer,
      revision: body.revision,
    });
  }

  @Post('retrospective/contributing_factors')
  @RequirePermission('manage_incidents')
  addFactor(
    @Param('id') id: string,
    @Body() body: AddContributingFactorDto,
    @Ctx() context: RequestContext,
  ): Promise<RetrospectiveResponse> {
    const factorId = deterministicId(`${context.commandId}/contributing-factor`);
    return this.apply(id, context, { type: 'AddContributingFactor', factorId, text: body.text });
  }

  @Delete('retrospective/contributing_factors/:factorId')
  @RequirePermission('manage_incidents')
  removeFactor(
    @Param('id') id: string,
    @Param('factorId') factorId: string,
    @Ctx() context: RequestContext,
  ): Promise<RetrospectiveResponse> {
    return this.apply(id, context, { type: 'RemoveContributingFactor', factorId });
  }

  /** in_progress -> in_review -> completed; in_review -> in_progress. Anything else answers 409. */
  @Put('retrospective/status')
  @RequirePermission('manage_incidents')
  status(
    @Param('id') id: string,
    @Body() body: ChangeRetrospectiveStatusDto,
    @Ctx() context: RequestContext,
  ): Promise<RetrospectiveResponse> {
    return this.apply(id, context, { type: 'ChangeRetrospectiveStatus', status: body.status });
  }

  @Get('retrospective.md')
  @RequirePermission('read_incidents')
  @Header('Content-Type', 'text/markdown; charset=utf-8')
  async markdown(@Param('id') id: string, @Ctx() context: RequestContext, @Res({ passthrough: true }) res: Response) {
    const { retrospective, document } = await this.retrospectives.presented(context.orgId, id);
    res.setHeader('Content-Disposition', `attachment; filename="${retrospective.incident_reference}-retrospective.md"`);
    return retrospectiveMarkdown(document);
  }

  @Get('retrospective.pdf')
  @RequirePermission('read_incidents')
  async pdf(@Param('id') id: string, @Ctx() context: RequestContext): Promise<StreamableFile> {
    const { retrospective, document } = await this.retrospectives.presented(context.orgId, id);
    const pdf = await retrospectivePdf(document, new Date(this.clock.now()));
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="${retrospective.incident_reference}-retrospective.pdf"`,
      length: pdf.length,
    });
  }

  private async apply(
    incidentId: string,
    context: RequestContext,
    command: Parameters<RetrospectivesService['run']>[0] extends infer C
      ? C extends { incidentId: string; by: unknown; at: unknown }
        ? Omit<C, 'incidentId' | 'by' | 'at'>
        : never
      : never,
  ): Promise<RetrospectiveResponse> {
    // another organization's (or an unknown) incident is 404 before anything is decided for it
    await this.retrospectives.incidents.doc(context.orgId, incidentId);
    const at = new Date(this.clock.now()).toISOString();
    await this.retrospectives.run(
      { ...command, incidentId, by: context.actorId ?? '', at } as Parameters<RetrospectivesService['run']>[0],
      context,
    );
    return { data: await this.retrospectives.find(context.orgId, incidentId) };
  }
}
