/**
 * The game-system tree as the selector shows it: rows with their depth, the arrow-joined path of a system
 * ("Dungeons & Dragons → 5e (2024)"), and a search that keeps the ancestors of every match so a match is
 * always seen in its family.
 */
export type TreeSystem = {
  id: string;
  name: string;
  parent_id?: string | null;
  children_ids: readonly string[];
};

export type TreeRow = {
  id: string;
  name: string;
  /** 1 for a family at the root. */
  level: number;
  parentId: string | null;
  hasChildren: boolean;
};

export const pathSeparator = ' → ';

/** Depth-first rows, each family followed by its editions (the order the server sends, rebuilt defensively). */
export function treeRows(systems: readonly TreeSystem[]): TreeRow[] {
  const byId = new Map(systems.map((system) => [system.id, system]));
  const rows: TreeRow[] = [];
  const visit = (system: TreeSystem, level: number) => {
    rows.push({
      id: system.id,
      name: system.name,
      level,
      parentId: system.parent_id ?? null,
      hasChildren: system.children_ids.length > 0,
    });
    for (const childId of system.children_ids) {
      const child = byId.get(childId);
      if (child) visit(child, level + 1);
    }
  };
  for (const system of systems) {
    if (system.parent_id == null) visit(system, 1);
  }
  return rows;
}

/** The names from the family down to `id`. */
export function systemPath(
  systems: readonly TreeSystem[],
  id: string | null | undefined,
): string[] {
  const byId = new Map(systems.map((system) => [system.id, system]));
  const names: string[] = [];
  let current = id ? byId.get(id) : undefined;
  while (current && names.length <= systems.length) {
    names.unshift(current.name);
    current = current.parent_id ? byId.get(current.parent_id) : undefined;
  }
  return names;
}

export function formatSystemPath(
  systems: readonly TreeSystem[],
  id: string | null | undefined,
): string {
  return systemPath(systems, id).join(pathSeparator);
}

/** Lower case without accents, so "mork" finds "Mörk Borg" and "wiedzmin" finds "Wiedźmin". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase();
}

/**
 * The rows a search shows: every row whose path contains each typed word, and the families of those rows.
 * Searching the whole path means "dnd 2024"-style queries that name family and edition both work.
 */
export function filterRows(
  rows: readonly TreeRow[],
  systems: readonly TreeSystem[],
  query: string,
): TreeRow[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  const keep = new Set<string>();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const row of rows) {
    const path = foldForSearch(systemPath(systems, row.id).join(' '));
    if (!words.every((word) => path.includes(word))) continue;
    let current: TreeRow | undefined = row;
    while (current && !keep.has(current.id)) {
      keep.add(current.id);
      current = current.parentId ? byId.get(current.parentId) : undefined;
    }
  }
  return rows.filter((row) => keep.has(row.id));
}
