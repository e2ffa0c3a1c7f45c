import { useParams } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useMe } from '@/lib/get-me';
import { signOut } from '@/features/sessions/api/sign-out';
import { AuthCard } from '@/components/ui/auth-card';
import { InvitationAccept } from '@/features/registration/components/invitation-accept';
import { markLoggedOut } from '@/lib/login-sync';

/** /invitations/{token}: public, for the signed-in and the signed-out alike. */
export function InvitationAcceptRoute() {
  const { token = '' } = useParams();
  const me = useMe();
  if (me.isPending) return <LoadingArea />;
  const signOutHere = async () => {
    await signOut();
    markLoggedOut();
    window.location.reload();
  };
  return (
    <AuthCard title="Join an organization">
      <InvitationAccept
        token={token}
        signedInEmail={me.data?.user.email ?? null}
        onJoined={() => window.location.assign('/')}
        onSignOut={() => void signOutHere()}
      />
    </AuthCard>
  );
}
