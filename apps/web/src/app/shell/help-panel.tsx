import { useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';
import { Banner, type BannerAction } from '@/components/ui/banner';
import { useCurrentUser } from '@/lib/get-me';
import { useQuotaEntitlement } from '@/features/organization-admin/api/get-quota-entitlement';
import { QuotaModal } from '@/features/organization-admin/components/quota-modal';
import { isQuotaReached } from '@/features/organization-admin/lib/quota';
import { HELP_CENTER_URL } from './external-links';
import {
  actionRefusal,
  helpPanelFor,
  helpPanelStorageKey,
  isHelpPanelShown,
  type HelpPanel as Panel,
} from './help-panels';

const helpHref = (topic: string) => (HELP_CENTER_URL ? `${HELP_CENTER_URL.replace(/\/+$/, '')}/${topic}` : undefined);

function PagePanel({ panel }: { panel: Panel }) {
  const me = useCurrentUser();
  const [dismissed, setDismissed] = useLocalStorage({
    key: helpPanelStorageKey(panel.path),
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const refusal = actionRefusal(panel.action, me);
  const shown = isHelpPanelShown(panel, me, dismissed);
  // The quota matters only on a shown panel, to someone allowed to add.
  const entitlement = useQuotaEntitlement(shown && !refusal ? panel.action.quota : undefined);
  const [limitShown, setLimitShown] = useState(false);
  if (!shown) return null;
  const { label, to } = panel.action;
  const action: BannerAction = isQuotaReached(entitlement.data)
    ? { label, onClick: () => setLimitShown(true) }
    : { label, to, disabledReason: refusal };
  return (
    <>
      <Banner
        testId="help-panel"
        title={panel.title}
        text={panel.text}
        actions={[action]}
        learnMoreHref={helpHref(panel.helpTopic)}
        onDismiss={() => setDismissed(true)}
      />
      <QuotaModal entitlement={entitlement.data} opened={limitShown} onClose={() => setLimitShown(false)} />
    </>
  );
}

/** SPEC.md section 2, "Empty-state help panels": the page's panel, if it has one. */
export function HelpPanel({ pathname }: { pathname: string }) {
  const panel = helpPanelFor(pathname);
  return panel ? <PagePanel key={panel.path} panel={panel} /> : null;
}
