import { Module } from '@nestjs/common';
import { RetrospectiveTemplatesController } from './retrospective-templates.controller';
import { RetrospectiveTemplatesService } from './retrospective-templates.service';

/**
 * Retrospectives (issue 21): the templates (settings) now; the retrospectives of incidents, their Markdown and
 * PDF exports (`retrospectivePdf`) are wired here once incidents exist.
 */
@Module({
  controllers: [RetrospectiveTemplatesController],
  providers: [RetrospectiveTemplatesService],
})
export class RetrospectivesModule {}
