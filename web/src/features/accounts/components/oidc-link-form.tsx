import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { handleFormError, useFieldErrors } from '@/lib/forms';
import { useFeatureMutation } from '@/lib/mutation';

import type { UserContext } from '@/lib/auth/current-user';
import { linkOidcIdentity, type OidcClaims } from '../api/oidc';
import { callbackFailureOf, type CallbackFailure } from '../lib/oidc-callback';
import { linkOidcSchema, type LinkOidcValues } from '../lib/schemas';
import { PasswordField } from './password-field';

/** Failures the form cannot fix by another try: the page shows their screen instead. */
const fatal = new Set<CallbackFailure>(['linkExpired', 'suspended', 'notConfigured']);

/**
 * `link_required`: the provider's verified e-mail belongs to an existing account. Its password proves the
 * person owns it; then the provider identity is linked and the person is signed in.
 */
export function OidcLinkForm({
  linkToken,
  claims,
  provider,
  onLinked,
  onFailed,
}: {
  linkToken: string;
  claims: OidcClaims;
  provider: string;
  onLinked: (user: UserContext) => void;
  onFailed: (failure: CallbackFailure) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<LinkOidcValues>({
    resolver: zodResolver(linkOidcSchema),
    defaultValues: { password: '' },
  });
  const errorsOf = useFieldErrors(form);
  const link = useFeatureMutation(
    {
      mutationFn: (values: LinkOidcValues) =>
        linkOidcIdentity({ link_token: linkToken, password: values.password }),
    },
    {
      onSuccess: onLinked,
      onError: (error) => {
        const failure = callbackFailureOf(error);
        // A wrong password lands on the field (422), too many tries is a toast (429): both can be retried.
        if (fatal.has(failure)) onFailed(failure);
        else handleFormError(error, form.setError, ['password']);
      },
    },
  );

  return (
    <section
      aria-labelledby="oidc-link-title"
      className="flex flex-col gap-4 rounded-xl border border-border p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id="oidc-link-title" className="text-base font-semibold">
          {t('oidcCallback.link.title')}
        </h2>
        <p className="text-sm leading-relaxed text-muted-foreground">
          {t('oidcCallback.link.text', { email: claims.email, provider })}
        </p>
      </div>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit((values) => {
            link.mutate(values);
          })(event);
        }}
      >
        {/* For password managers: whose password this is. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={claims.email}
          readOnly
          hidden
        />
        <div className="flex flex-col gap-1.5">
          <PasswordField
            label={t('accounts.fields.password')}
            errors={errorsOf('password')}
            autoComplete="current-password"
            autoFocus
            {...form.register('password')}
          />
          <Link
            to={paths.forgotPassword.getHref()}
            className="self-end text-sm text-primary underline-offset-4 hover:underline"
          >
            {t('accounts.signIn.forgotPassword')}
          </Link>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <Link to={paths.home.getHref()} replace>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" disabled={link.isPending}>
            {link.isPending ? t('oidcCallback.link.submitting') : t('oidcCallback.link.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
