import { useParams } from 'react-router-dom';
import { EmailChangeConfirmation } from '@/features/account/components/email-change-confirmation';
import { AuthCard } from '@/components/ui/auth-card';

/** /email_changes/{token}/confirm: the link in the email sent to a new address; public. */
export function EmailChangeConfirmRoute() {
  const { token = '' } = useParams();
  return (
    <AuthCard title="Confirm new email">
      <EmailChangeConfirmation token={token} />
    </AuthCard>
  );
}
