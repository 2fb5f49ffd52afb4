/** The lists' pages (spec §2): 20 sessions each; the offset comes from the address (`offsetFrom`). */
export const pageSize = 20;
