/**
 * The texts of the 404 and error pages (also in TEXT). A module of their own: the web app's entry
 * renders those pages and loads these two without the rest of the texts.
 */
export const FALLBACK_TEXT = {
  notFound: '404 Page Not Found',
  unexpectedError: 'Unexpected Application Error!',
} as const;
