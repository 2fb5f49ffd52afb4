import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useConfig } from '@/lib/runtime-config';

import { oidcStartHref } from '../api/oidc';

/**
 * "Sign in with <provider>", when the server has a provider (GET /api/config `oidc`). A plain link: the
 * browser itself goes to the start address, which redirects to the provider's sign-in page.
 */
export function OidcSignInButton({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const provider = config?.oidc?.provider_name;
  if (!provider) return null;

  return (
    <div className="flex flex-col gap-4">
      <Button asChild variant="outline" size="lg">
        <a href={oidcStartHref(returnTo)}>
          <KeyRound aria-hidden />
          {t('accounts.oidc.signInWith', { provider })}
        </a>
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        {t('accounts.oidc.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
