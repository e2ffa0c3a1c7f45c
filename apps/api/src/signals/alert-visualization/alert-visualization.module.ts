import { Module } from '@nestjs/common';
import { AlertVisualizationController } from './alert-visualization.controller';
import { AlertVisualizationQueries } from './alert-visualization.queries';

@Module({ controllers: [AlertVisualizationController], providers: [AlertVisualizationQueries] })
export class AlertVisualizationModule {}
