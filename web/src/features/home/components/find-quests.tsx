/**
 * Home's 'Find Quests': a search box and the popular game systems, each leading into a filtered Questboard.
 * "Popular" is the curated tree's first families (its display order puts the best known first); the server
 * keeps no popularity figures yet.
 */
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useGameSystems } from '@/features/game-systems';
import { questboardHref } from '@/features/questboard';

const popularCount = 6;

export function FindQuests() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [q, setQ] = useState('');
  const { data: systems = [] } = useGameSystems();
  const families = systems.filter((system) => system.parent_id == null).slice(0, popularCount);

  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    void navigate(questboardHref({ q: q.trim() }));
  };

  return (
    <section aria-labelledby="find-quests" className="flex flex-col gap-5">
      <h2 id="find-quests" className="text-2xl font-semibold tracking-tight">
        {t('home.findQuests.title')}
      </h2>
      <form role="search" onSubmit={onSubmit} className="flex max-w-2xl gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('home.findQuests.label')}
        </label>
        <Input
          id={inputId}
          type="search"
          value={q}
          maxLength={200}
          placeholder={t('home.findQuests.placeholder')}
          className="h-10"
          onChange={(event) => {
            setQ(event.target.value);
          }}
        />
        <Button type="submit" size="lg">
          <Search aria-hidden />
          {t('home.findQuests.submit')}
        </Button>
      </form>
      {families.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">
            {t('home.findQuests.popular')}
          </h3>
          <ul className="flex flex-wrap gap-2">
            {families.map((family) => (
              <li key={family.id}>
                <Link
                  to={questboardHref({ systems: [family.id] })}
                  className="inline-flex items-center rounded-full border border-border bg-background px-3 py-1.5 text-sm font-medium shadow-xs hover:border-primary/40 hover:bg-primary/5"
                >
                  {family.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
