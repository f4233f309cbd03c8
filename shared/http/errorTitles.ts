// Kept apart from errors.ts (its Zod schemas) because the error screens are in the first frame (decision 0041).

/** Router error titles of the spec. */
export const HTTP_ERROR_TITLES: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
};
