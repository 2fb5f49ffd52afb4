/** What a player sees on a game master's page: an invitation to become one, not an error. */
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BecomeGameMasterDialog } from './become-game-master-dialog';

export function GmInvitation({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <EmptyState
        icon={Crown}
        headingLevel={1}
        title={t('blueprints.gate.title')}
        description={t('blueprints.gate.text')}
        action={
          <Button
            onClick={() => {
              setOpen(true);
            }}
          >
            <Crown aria-hidden />
            {t('blueprints.gate.action')}
          </Button>
        }
      />
      <BecomeGameMasterDialog accountId={accountId} open={open} onOpenChange={setOpen} />
    </>
  );
}
