/**
 * What every page component receives from the router: the id of its route (for titles and texts).
 * Kept out of `app/` so that pages do not import the route table, which imports them.
 */
export interface PageProps {
  pageId: string;
}
