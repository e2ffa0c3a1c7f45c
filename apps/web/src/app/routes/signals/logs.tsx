export { LogsPage as LogsRoute } from '@/features/signals/ingest/components/logs-page';
