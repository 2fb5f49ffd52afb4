/**
 * The profile wizards (spec §2 "Wizards"): the basic profile (who you are, player experience, playstyles),
 * offered after signing in until it is complete, and the game master profile (GM experience and playstyles),
 * right after becoming a game master. Mounted once in the app shell. A basic wizard left unfinished (closed,
 * "Later", a reload) resumes at the step it stopped at (lib/completeness), in this browser.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useSignedInUser } from '@/lib/auth/current-user';
import { paths } from '@/lib/paths';
import { storageKeys } from '@/lib/storage-keys';
import { cn } from '@/lib/utils';

import { useMyProfile, type MyProfile } from '../api/get-my-profile';
import { basicSteps, readWizardStep, storeWizardStep } from '../lib/completeness';
import { BaseInfoForm } from './base-info-form';
import { ExperienceForm } from './experience-form';
import { PlaystylesForm } from './playstyles-form';

type WizardStep = {
  id: string;
  title: string;
  description: string;
  render: (props: {
    profile: MyProfile;
    onSaved: () => void;
    actions: (state: { pending: boolean }) => ReactNode;
  }) => ReactNode;
};

function readPostponedFor(): string | null {
  try {
    return window.sessionStorage.getItem(storageKeys.profileWizardPostponed);
  } catch {
    return null;
  }
}

function storePostponedFor(accountId: string) {
  try {
    window.sessionStorage.setItem(storageKeys.profileWizardPostponed, accountId);
  } catch {
    // Without storage the wizard is postponed until the page is reloaded.
  }
}

export function ProfileWizards() {
  const signedIn = useSignedInUser();
  const { data: profile } = useMyProfile();
  const userId = signedIn?.user.id;
  const isGm = signedIn?.user.roles.includes('gm') ?? false;

  // "Later" postpones the basic wizard for this browser session (and this account).
  const [postponedFor, setPostponedFor] = useState(readPostponedFor);
  const postponed = userId !== undefined && postponedFor === userId;
  // The identity provider's callback moves on by itself within a second: the wizard waits for the page it
  // leads to rather than open over "Signing in" and be torn down by the redirect.
  const onTheWayIn = useLocation().pathname === paths.callback.path;

  // Once open, the basic wizard stays open through its steps, although its first step completes the basics.
  const [basicWizardFor, setBasicWizardFor] = useState<string | null>(null);
  const stoppedAt = userId === undefined ? undefined : readWizardStep(userId);
  const needsBasics =
    profile !== undefined &&
    profile.account_id === userId &&
    (!profile.basics_completed || stoppedAt !== undefined);
  if (needsBasics && !postponed && !onTheWayIn && basicWizardFor !== profile.profile_id) {
    setBasicWizardFor(profile.profile_id);
  }
  const basicOpen =
    basicWizardFor !== null && profile?.profile_id === basicWizardFor && !postponed && !onTheWayIn;

  // Becoming a game master (from any place that does it) opens the GM wizard.
  const [seen, setSeen] = useState({ userId, isGm });
  const [gmWizardFor, setGmWizardFor] = useState<string | null>(null);
  if (seen.userId !== userId || seen.isGm !== isGm) {
    if (userId !== undefined && seen.userId === userId && !seen.isGm && isGm) {
      setGmWizardFor(userId);
    }
    setSeen({ userId, isGm });
  }
  const gmOpen =
    !basicOpen && profile?.gm != null && gmWizardFor !== null && gmWizardFor === profile.account_id;

  if (profile === undefined) return null;
  return (
    <>
      <BasicProfileWizard
        key={profile.account_id}
        open={basicOpen}
        profile={profile}
        initialIndex={stoppedAt === undefined ? 0 : basicSteps.indexOf(stoppedAt)}
        onPostpone={() => {
          storePostponedFor(profile.account_id);
          setPostponedFor(profile.account_id);
        }}
        onFinish={() => {
          setBasicWizardFor(null);
        }}
      />
      <GmProfileWizard
        open={gmOpen}
        profile={profile}
        onClose={() => {
          setGmWizardFor(null);
        }}
      />
    </>
  );
}

function BasicProfileWizard({
  open,
  profile,
  initialIndex,
  onPostpone,
  onFinish,
}: {
  open: boolean;
  profile: MyProfile;
  initialIndex: number;
  onPostpone: () => void;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const steps: (WizardStep & { id: (typeof basicSteps)[number] })[] = [
    {
      id: 'about',
      title: t('profiles.wizard.basic.about.title'),
      description: t('profiles.wizard.basic.about.description'),
      render: (props) => <BaseInfoForm mode="basics" {...props} />,
    },
    {
      id: 'experience',
      title: t('profiles.wizard.basic.experience.title'),
      description: t('profiles.wizard.basic.experience.description'),
      render: (props) => <ExperienceForm part="player" {...props} />,
    },
    {
      id: 'playstyles',
      title: t('profiles.wizard.basic.playstyles.title'),
      description: t('profiles.wizard.basic.playstyles.description'),
      render: (props) => <PlaystylesForm part="player" {...props} />,
    },
  ];
  return (
    <Wizard
      open={open}
      profile={profile}
      heading={t('profiles.wizard.basic.heading')}
      steps={steps}
      initialIndex={initialIndex}
      laterLabel={t('profiles.wizard.later')}
      onDismiss={onPostpone}
      onStep={(index) => {
        storeWizardStep(profile.account_id, steps[index]?.id);
      }}
      onFinish={() => {
        storeWizardStep(profile.account_id, undefined);
        onFinish();
        toast.success(t('profiles.wizard.basic.done'));
      }}
    />
  );
}

function GmProfileWizard({
  open,
  profile,
  onClose,
}: {
  open: boolean;
  profile: MyProfile;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const steps: WizardStep[] = [
    {
      id: 'gm-experience',
      title: t('profiles.wizard.gm.experience.title'),
      description: t('profiles.wizard.gm.experience.description'),
      render: (props) => <ExperienceForm part="gm" {...props} />,
    },
    {
      id: 'gm-playstyles',
      title: t('profiles.wizard.gm.playstyles.title'),
      description: t('profiles.wizard.gm.playstyles.description'),
      render: (props) => <PlaystylesForm part="gm" {...props} />,
    },
  ];
  return (
    <Wizard
      open={open}
      profile={profile}
      heading={t('profiles.wizard.gm.heading')}
      steps={steps}
      laterLabel={t('profiles.wizard.skip')}
      onDismiss={onClose}
      onFinish={() => {
        onClose();
        toast.success(t('profiles.wizard.gm.done'));
      }}
    />
  );
}

/** A dialog that walks through `steps`; each step saves its part before the next one shows. */
function Wizard({
  open,
  profile,
  heading,
  steps,
  initialIndex = 0,
  laterLabel,
  onDismiss,
  onStep,
  onFinish,
}: {
  open: boolean;
  profile: MyProfile;
  heading: string;
  steps: readonly WizardStep[];
  /** The step to show first (where an interrupted wizard stopped). */
  initialIndex?: number;
  laterLabel: string;
  onDismiss: () => void;
  /** The wizard moved to the step at `index` (a step saved, or Back). */
  onStep?: (index: number) => void;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(Math.max(0, Math.min(initialIndex, steps.length - 1)));
  const go = (next: number) => {
    setIndex(next);
    onStep?.(next);
  };
  const step = steps[index];
  if (step === undefined) return null;
  const last = index === steps.length - 1;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
    >
      <DialogContent
        closeLabel={t('common.close')}
        // Anchored at the top rather than centred: steps differ in height, and a centred dialog would
        // move its title and buttons (Next under the pointer) at every step. Below the toasts' 6 rem band.
        className="top-24 max-h-[calc(100svh-7rem)] max-w-xl translate-y-0"
        // A click beside the wizard should not throw away what was typed.
        onInteractOutside={(event) => {
          event.preventDefault();
        }}
        data-testid="profile-wizard"
      >
        <DialogHeader>
          <p className="text-xs font-medium tracking-wide text-primary uppercase">
            {heading} · {t('profiles.wizard.step', { current: index + 1, total: steps.length })}
          </p>
          <ol className="flex gap-1.5" aria-hidden>
            {steps.map((item, position) => (
              <li
                key={item.id}
                className={cn(
                  'h-1.5 flex-1 rounded-full',
                  position <= index ? 'bg-primary' : 'bg-muted',
                )}
              />
            ))}
          </ol>
          <DialogTitle>{step.title}</DialogTitle>
          <DialogDescription>{step.description}</DialogDescription>
        </DialogHeader>
        <div key={step.id}>
          {step.render({
            profile,
            onSaved: () => {
              if (last) {
                setIndex(0);
                onFinish();
              } else {
                go(index + 1);
              }
            },
            actions: ({ pending }) => (
              <DialogFooter className="pt-2 sm:justify-between">
                <Button type="button" variant="ghost" onClick={onDismiss}>
                  {laterLabel}
                </Button>
                <div className="flex flex-col-reverse gap-2 sm:flex-row">
                  {index > 0 && (
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => {
                        go(index - 1);
                      }}
                    >
                      {t('profiles.wizard.back')}
                    </Button>
                  )}
                  <Button type="submit" disabled={pending}>
                    {pending
                      ? t('common.saving')
                      : last
                        ? t('profiles.wizard.finish')
                        : t('profiles.wizard.next')}
                  </Button>
                </div>
              </DialogFooter>
            ),
          })}
        </div>
      </DialogContent>
    </Dialog>
  );
}
