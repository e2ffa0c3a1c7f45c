export { AlertsPage as AlertsRoute } from '@/features/signals/alerts/components/alerts-page';
export { AlertDetailPage as AlertDetailRoute } from '@/features/signals/alerts/components/alert-detail-page';
