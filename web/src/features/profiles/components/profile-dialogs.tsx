/**
 * The profile's edit dialogs. The profile page's edit buttons and the command palette open the same ones;
 * each reads the signed-in user's own profile from the cache.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

import { useMyProfile } from '../api/get-my-profile';
import type { ExperiencePart } from '../lib/constants';
import { BaseInfoForm } from './base-info-form';
import { ExperienceForm } from './experience-form';
import { PlaystylesForm } from './playstyles-form';

export type ProfileDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

function ProfileDialog({
  open,
  onOpenChange,
  title,
  description,
  wide = false,
  children,
}: ProfileDialogProps & {
  title: string;
  description: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className={wide ? 'max-w-2xl' : 'max-w-lg'}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

function DialogActions({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogFooter className="pt-2">
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {t('common.cancel')}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? t('common.saving') : t('profiles.save')}
      </Button>
    </DialogFooter>
  );
}

export function EditBaseInfoDialog({ open, onOpenChange }: ProfileDialogProps) {
  const { t } = useTranslation();
  const { data: profile } = useMyProfile();
  if (!profile) return null;
  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('profiles.dialogs.baseInfo.title')}
      description={t('profiles.dialogs.baseInfo.description')}
      wide
    >
      <BaseInfoForm
        profile={profile}
        mode="full"
        onSaved={() => {
          onOpenChange(false);
          toast.success(t('profiles.dialogs.baseInfo.saved'));
        }}
        actions={(state) => <DialogActions {...state} />}
      />
    </ProfileDialog>
  );
}

export function EditExperienceDialog({
  open,
  onOpenChange,
  part,
}: ProfileDialogProps & { part: ExperiencePart }) {
  const { t } = useTranslation();
  const { data: profile } = useMyProfile();
  if (!profile) return null;
  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`profiles.dialogs.experience.${part}.title`)}
      description={t(`profiles.dialogs.experience.${part}.description`)}
    >
      <ExperienceForm
        profile={profile}
        part={part}
        onSaved={() => {
          onOpenChange(false);
          toast.success(t(`profiles.dialogs.experience.${part}.saved`));
        }}
        actions={(state) => <DialogActions {...state} />}
      />
    </ProfileDialog>
  );
}

export function EditPlaystylesDialog({
  open,
  onOpenChange,
  part,
}: ProfileDialogProps & { part: ExperiencePart }) {
  const { t } = useTranslation();
  const { data: profile } = useMyProfile();
  if (!profile) return null;
  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`profiles.dialogs.playstyles.${part}.title`)}
      description={t(`profiles.dialogs.playstyles.${part}.description`)}
    >
      <PlaystylesForm
        profile={profile}
        part={part}
        onSaved={() => {
          onOpenChange(false);
          toast.success(t(`profiles.dialogs.playstyles.${part}.saved`));
        }}
        actions={(state) => <DialogActions {...state} />}
      />
    </ProfileDialog>
  );
}

export function EditPlayerExperienceDialog(props: ProfileDialogProps) {
  return <EditExperienceDialog {...props} part="player" />;
}

export function EditPlayerPlaystylesDialog(props: ProfileDialogProps) {
  return <EditPlaystylesDialog {...props} part="player" />;
}

export function EditGmExperienceDialog(props: ProfileDialogProps) {
  return <EditExperienceDialog {...props} part="gm" />;
}

export function EditGmPlaystylesDialog(props: ProfileDialogProps) {
  return <EditPlaystylesDialog {...props} part="gm" />;
}
