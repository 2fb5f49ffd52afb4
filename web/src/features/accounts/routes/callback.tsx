import { OidcCallback } from '../components/oidc-callback';

/** /callback: the identity provider sends the browser back here after sign-in. */
export default function CallbackRoute() {
  return <OidcCallback />;
}
