/**
 * The GM's applications list keeps its filters in the URL (shareable, kept over a reload): `series` (a series id),
 * `status` (one of the four), `offset` (a multiple of 20) and `application` (the one selected, which the palette
 * acts on). Read leniently: a malformed value is dropped, never an error page.
 */
export const applicationStatuses = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const pageSize = 20;

export type ApplicationsFilters = {
  series: string | null;
  status: ApplicationStatus | null;
  offset: number;
  application: string | null;
};

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function id(value: string | null): string | null {
  return value !== null && uuidLike.test(value) ? value.toLowerCase() : null;
}

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return applicationStatuses.some((status) => status === value);
}

/** A list offset from the address: a non-negative multiple of the page size, else 0. */
export function parseOffset(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 0;
  const raw = Number(value);
  return raw - (raw % pageSize);
}

export function parseApplicationsFilters(params: URLSearchParams): ApplicationsFilters {
  const status = params.get('status');
  return {
    series: id(params.get('series')),
    status: isApplicationStatus(status) ? status : null,
    offset: parseOffset(params.get('offset')),
    application: id(params.get('application')),
  };
}

/** The search part of the address for `filters`, in one stable order, defaults left out. */
export function applicationsFilterSearch(filters: Partial<ApplicationsFilters>): string {
  const params = new URLSearchParams();
  if (filters.series) params.set('series', filters.series);
  if (filters.status) params.set('status', filters.status);
  if (filters.offset) params.set('offset', String(filters.offset));
  if (filters.application) params.set('application', filters.application);
  return params.toString();
}
