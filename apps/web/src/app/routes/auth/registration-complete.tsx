import { Anchor } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/components/ui/auth-card';
import { CompleteRegistrationForm } from '@/features/registration/components/complete-registration-form';

/** /registrations/{id}/complete?token=...: the page the sign-up email links to (SPEC.md section 2). */
export function RegistrationCompleteRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <AuthCard
      title="Finish creating your account"
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/sessions/new">
            Sign in
          </Anchor>
        </>
      }
    >
      <CompleteRegistrationForm id={id} token={search.get('token') ?? ''} onDone={() => window.location.assign('/')} />
    </AuthCard>
  );
}
