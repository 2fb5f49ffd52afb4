/** The main sidebar's profile slot: who is signed in and what they can do, or the way to sign in. */
import { ChevronsUpDown, Crown, LogIn, LogOut, Settings, User, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';

import { paths } from '@/lib/paths';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SidebarTooltip } from '@/components/ui/sidebar';
import { sidebarMenuButtonClasses } from '@/components/ui/sidebar-context';
import { cn } from '@/lib/utils';

import { useSignedInUser, type SignedInUserContext } from '@/lib/auth/current-user';
import { useSignOut } from '../api/sign-out';
import { isGameMaster, primaryRole } from '@/lib/auth/roles';
import { LazyBecomeGameMasterDialog } from './lazy-become-game-master-dialog';
import { RoleBadge } from '@/components/role-badge';
import { UserAvatar } from '@/components/user-avatar';

/** `onNavigate` closes the phone sheet when a link is followed. */
export function SidebarProfile({ onNavigate }: { onNavigate?: () => void }) {
  const signedIn = useSignedInUser();
  return signedIn ? (
    <SignedInProfile context={signedIn} onNavigate={onNavigate} />
  ) : (
    <SignedOutProfile onNavigate={onNavigate} />
  );
}

function SignedOutProfile({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Come back to this page after signing in (not to a sign-in page itself).
  const here =
    location.pathname === paths.signIn.path || location.pathname === paths.signUp.path
      ? undefined
      : `${location.pathname}${location.search}`;
  const links = [
    {
      key: 'sign-in',
      to: paths.signIn.getHref(here),
      label: t('accounts.menu.signIn'),
      icon: LogIn,
      primary: true,
    },
    {
      key: 'sign-up',
      to: paths.signUp.getHref(here),
      label: t('accounts.menu.signUp'),
      icon: UserPlus,
      primary: false,
    },
  ];
  return (
    <div
      // One above the other: side by side, longer labels (Polish) would be cut off.
      className="flex flex-col gap-1.5 pb-1 group-data-[state=collapsed]/sidebar:items-center group-data-[state=collapsed]/sidebar:gap-1"
      data-testid="sidebar-profile"
    >
      {links.map(({ key, to, label, icon: Icon, primary }) => (
        <SidebarTooltip key={key} label={label}>
          <Link
            to={to}
            onClick={onNavigate}
            className={cn(
              'flex h-9 min-w-0 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium shadow-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
              'group-data-[state=collapsed]/sidebar:size-8 group-data-[state=collapsed]/sidebar:px-0',
              primary
                ? 'bg-primary text-primary-foreground hover:bg-primary/90'
                : 'border border-border bg-background hover:bg-muted',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden />
            <span className="truncate group-data-[state=collapsed]/sidebar:sr-only">{label}</span>
          </Link>
        </SidebarTooltip>
      ))}
    </div>
  );
}

function SignedInProfile({
  context,
  onNavigate,
}: {
  context: SignedInUserContext;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [becomeOpen, setBecomeOpen] = useState(false);
  const [becomeMounted, setBecomeMounted] = useState(false);
  if (becomeOpen && !becomeMounted) setBecomeMounted(true);
  const { user, account } = context;
  const signOut = useSignOut({
    onSuccess: () => {
      toast.success(t('accounts.menu.signedOut'));
      void navigate(paths.home.getHref());
    },
  });

  return (
    <>
      {/*
        Not modal: a menu need not hide the page from assistive technology (Radix's modal menu marks the
        whole app aria-hidden while its links stay focusable: axe aria-hidden-focus).
      */}
      <DropdownMenu modal={false}>
        <SidebarTooltip label={user.name}>
          <DropdownMenuTrigger
            className={cn(sidebarMenuButtonClasses, 'h-12 gap-2.5 px-2')}
            data-testid="sidebar-profile"
          >
            {/* Named by its content, so the name a screen reader hears holds the visible text too. */}
            <span className="sr-only">{t('accounts.menu.label')}: </span>
            <UserAvatar name={user.name} />
            <span className="flex min-w-0 flex-1 flex-col items-start gap-0.5 leading-tight">
              <span className="w-full truncate font-medium text-foreground">{user.name}</span>
              <RoleBadge role={primaryRole(user.roles)} className="px-1.5 py-0 text-[0.6875rem]" />
            </span>
            <ChevronsUpDown
              className="ml-auto text-muted-foreground group-data-[state=collapsed]/sidebar:hidden"
              aria-hidden
            />
          </DropdownMenuTrigger>
        </SidebarTooltip>
        <DropdownMenuContent side="top" align="start" className="w-60">
          <DropdownMenuLabel className="truncate font-normal">
            {t('accounts.menu.signedInAs', { email: account.primary_email.email })}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={paths.profileById.getHref(user.id)} onClick={onNavigate}>
              <User className="size-4" aria-hidden />
              {t('accounts.menu.myProfile')}
            </Link>
          </DropdownMenuItem>
          {!isGameMaster(user.roles) && (
            <DropdownMenuItem
              onSelect={() => {
                setBecomeOpen(true);
              }}
            >
              <Crown className="size-4" aria-hidden />
              {t('accounts.menu.becomeGameMaster')}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem asChild>
            <Link to={paths.account.getHref()} onClick={onNavigate}>
              <Settings className="size-4" aria-hidden />
              {t('accounts.menu.accountSettings')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={signOut.isPending}
            onSelect={() => {
              onNavigate?.();
              signOut.mutate();
            }}
          >
            <LogOut className="size-4" aria-hidden />
            {t('accounts.menu.signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {/* Its code loads when first opened; it stays mounted afterwards so it can animate closed. */}
      {becomeMounted && (
        <LazyBecomeGameMasterDialog
          accountId={user.id}
          open={becomeOpen}
          onOpenChange={(open) => {
            setBecomeOpen(open);
            if (!open) onNavigate?.();
          }}
        />
      )}
    </>
  );
}
