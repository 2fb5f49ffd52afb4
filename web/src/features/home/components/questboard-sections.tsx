/**
 * Home's Questboard sections, 'Find Quests' and 'Latest', in one chunk of their own: Home loads it after its first
 * paint, so the landing page stays inside its JavaScript budget (scripts/check-bundle-budget.mjs).
 */
import { FindQuests } from './find-quests';
import { LatestSeries } from './latest-series';

export default function QuestboardSections() {
  return (
    <>
      <FindQuests />
      <LatestSeries />
    </>
  );
}
