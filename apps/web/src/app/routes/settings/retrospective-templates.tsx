import { useCurrentUser } from '@/lib/get-me';
import { CopyTemplatePage } from '@/features/incidents/retrospectives/components/copy-template-page';
import { EditTemplatePage } from '@/features/incidents/retrospectives/components/edit-template-page';
import { NewTemplatePage } from '@/features/incidents/retrospectives/components/new-template-page';
import { TemplatePage } from '@/features/incidents/retrospectives/components/template-page';
import { TemplatesPage } from '@/features/incidents/retrospectives/components/templates-page';

// Readers see the actions they may not take, disabled with a tooltip naming the permission.
const useCanManageTemplates = () => useCurrentUser().permissions.includes('manage_incident_settings');

/** /settings/retrospectives/templates */
export function RetrospectiveTemplatesRoute() {
  return <TemplatesPage canManage={useCanManageTemplates()} />;
}

/** /settings/retrospectives/templates/new */
export function NewRetrospectiveTemplateRoute() {
  return <NewTemplatePage />;
}

/** /settings/retrospectives/templates/{id} */
export function RetrospectiveTemplateRoute() {
  return <TemplatePage canManage={useCanManageTemplates()} />;
}

/** /settings/retrospectives/templates/{id}/edit */
export function EditRetrospectiveTemplateRoute() {
  return <EditTemplatePage />;
}

/** /settings/retrospectives/templates/{id}/copy */
export function CopyRetrospectiveTemplateRoute() {
  return <CopyTemplatePage />;
}
