import { Crown, Shield, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

import type { Role } from '@/lib/auth/current-user';

const roleIcons = { player: User, gm: Crown, admin: Shield } as const;

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  const { t } = useTranslation();
  const Icon = roleIcons[role];
  return (
    <Badge
      variant={role === 'player' ? 'secondary' : 'default'}
      className={cn(className)}
      data-role={role}
    >
      <Icon aria-hidden />
      {t(`accounts.roles.${role}`)}
    </Badge>
  );
}
