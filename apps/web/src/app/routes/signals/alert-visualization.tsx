import { AlertVisualizationPage } from '@/features/signals/alert-visualization/components/alert-visualization-page';

export const AlertVisualizationRoute = () => <AlertVisualizationPage title="Alert visualization" />;
export const AlertAnalyticsRoute = () => <AlertVisualizationPage title="Alerts analytics" />;
