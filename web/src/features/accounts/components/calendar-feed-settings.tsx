/**
 * The "Calendar" section of `/account`: the account's private calendar feed. Asking for a link is a deliberate act
 * (the server makes none until asked); once there, the https address to paste, a `webcal://` link that opens a
 * calendar app's "subscribe", and "Replace link", which ends the old address for every app subscribed to it and so
 * asks first.
 */
import { CalendarPlus, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { handleApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';

import { useCalendarFeed, useReplaceCalendarLink, type CalendarLinks } from '../api/calendar-feed';

export function CalendarFeedSettings() {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  if (feed.isError) {
    return (
      <div className="flex flex-col items-start gap-2" role="alert">
        <p className="text-sm text-muted-foreground">{t('accountSettings.calendar.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
          {t('accountSettings.calendar.retry')}
        </Button>
      </div>
    );
  }
  if (!feed.data) return <div className="h-16" aria-busy="true" />;
  const links = feed.data.feed;
  return links ? <FeedLinks links={links} /> : <GetLink />;
}

function GetLink() {
  const { t } = useTranslation();
  const create = useReplaceCalendarLink({
    onError: (error) => {
      handleApiError(error);
    },
  });
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-sm">{t('accountSettings.calendar.intro')}</p>
      <Button
        type="button"
        disabled={create.isPending}
        onClick={() => {
          create.mutate();
        }}
      >
        <CalendarPlus aria-hidden />
        {t('accountSettings.calendar.create')}
      </Button>
    </div>
  );
}

function FeedLinks({ links }: { links: CalendarLinks }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(links.https_url);
      toast.success(t('accountSettings.calendar.copied'));
    } catch {
      // No clipboard (an insecure page, a refused permission): the address is selected for the user to copy.
      field.current?.select();
      toast.error(t('accountSettings.calendar.copyFailed'));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <Field
        label={t('accountSettings.calendar.linkLabel')}
        description={t('accountSettings.calendar.linkHint')}
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              ref={field}
              readOnly
              value={links.https_url}
              className="font-mono text-xs"
              onFocus={(event) => {
                event.currentTarget.select();
              }}
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden />
              {t('accountSettings.calendar.copy')}
            </Button>
          </div>
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild className="h-auto min-h-9 whitespace-normal">
          <a href={links.webcal_url}>
            <CalendarPlus aria-hidden />
            {t('accountSettings.calendar.subscribe')}
          </a>
        </Button>
        <ReplaceLinkDialog />
      </div>
    </div>
  );
}

function ReplaceLinkDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const replace = useReplaceCalendarLink({
    onSuccess: () => {
      setOpen(false);
      toast.success(t('accountSettings.calendar.replaced'));
    },
    onError: (error) => {
      handleApiError(error);
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          {t('accountSettings.calendar.replace')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('accountSettings.calendar.replaceTitle')}</DialogTitle>
          <DialogDescription>{t('accountSettings.calendar.replaceText')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            disabled={replace.isPending}
            onClick={() => {
              replace.mutate();
            }}
          >
            {t('accountSettings.calendar.replaceConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
