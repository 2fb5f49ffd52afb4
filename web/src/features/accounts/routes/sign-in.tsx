import { AuthEntryLayout } from '../components/auth-entry-layout';
import { SignInForm } from '../components/sign-in-form';

export { redirectIfSignedInLoader as createLoader } from '@/lib/auth/guards';

export default function SignInRoute() {
  return (
    <AuthEntryLayout entry="signIn">
      {(onSignedIn) => <SignInForm onSignedIn={onSignedIn} />}
    </AuthEntryLayout>
  );
}
