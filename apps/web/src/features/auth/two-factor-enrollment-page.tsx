import { AuthScreen } from '@/features/auth/auth-screen';
import { TwoFactorSetup } from '@/features/auth/two-factor-setup';
import { useSession } from '@/app/session';

/**
 * What a staff member sees after signing in while the organization requires two-factor authentication
 * and they have none yet: setting it up is the only way on (the server refuses everything else).
 */
export function TwoFactorEnrollmentPage() {
  const { signOut } = useSession();
  return (
    <AuthScreen
      title="Set up two-factor authentication"
      description="Your organization requires administrators and property managers to sign in with a code from their phone. Set it up to continue."
      footer={
        <button type="button" className="hover:text-foreground underline-offset-4 hover:underline" onClick={() => void signOut()}>
          Sign out
        </button>
      }
    >
      {/* Turning it on replaces the session; the gate then reloads the user and lets them in. */}
      <TwoFactorSetup onDone={() => undefined} />
    </AuthScreen>
  );
}
