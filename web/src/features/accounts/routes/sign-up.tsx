import { AuthEntryLayout } from '../components/auth-entry-layout';
import { SignUpForm } from '../components/sign-up-form';

export { redirectIfSignedInLoader as createLoader } from '@/lib/auth/guards';

export default function SignUpRoute() {
  return (
    <AuthEntryLayout entry="signUp">
      {(onSignedIn) => <SignUpForm onSignedUp={onSignedIn} />}
    </AuthEntryLayout>
  );
}
