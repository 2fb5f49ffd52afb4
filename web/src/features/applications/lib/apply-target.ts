/** What the Apply dialog needs to know of a series: a Questboard card and a full series both fit. */
export type ApplyTarget = {
  id: string;
  title: string;
  /** The series' minimum age, to word a too_young refusal. */
  min_player_age?: number | null;
};
