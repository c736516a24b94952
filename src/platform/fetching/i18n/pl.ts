/**
 * Polish texts of data fetching (spec §9): the hint shown while a session resource loads slowly.
 * Loaded with the logged-in part (src/app/i18n/pl-logged-in.ts).
 */
export const pl = {
  fetching: {
    loadingSlow: "Wczytywanie trwa dłużej niż zwykle",
  },
} as const;
