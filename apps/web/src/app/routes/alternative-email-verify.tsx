import { useParams } from 'react-router-dom';
import { AuthCard } from '@/components/ui/auth-card';
import { AlternativeEmailVerification } from '@/features/phones/components/alternative-email-verification';

/** /alternative_emails/{token}/verify: the link in the verification email; public. */
export function AlternativeEmailVerifyRoute() {
  const { token = '' } = useParams();
  return (
    <AuthCard title="Verify alternative email">
      <AlternativeEmailVerification token={token} />
    </AuthCard>
  );
}
