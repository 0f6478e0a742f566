/** How the catalogue's web tests drive the page: a member's routes, the last request's query. */
import { vi } from 'vitest';
import { makeMe } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import { CATALOGUE_PAGE_ROUTES } from './catalogue-fixtures';

type Routes = Parameters<typeof mockFetch>[0];

/** The member's routes, "Needs attention" and saved views answered empty unless given. */
export function serveCatalogue(routes: Routes, { admin = false, hasCatalogue = true } = {}) {
  return mockFetch({
    'GET /api/v1/me': json(
      200,
      makeMe({
        reviewer: { is_admin: admin },
        organization: { ...makeMe().organization!, has_catalogue: hasCatalogue },
      }),
    ),
    ...CATALOGUE_PAGE_ROUTES,
    ...routes,
  });
}

/** The query string of the last request to `route` ('GET /api/v1/catalogue/recordings'). */
export function lastQuery(server: ReturnType<typeof mockFetch>, route: string) {
  const requests = server.requestsTo(route);
  const last = requests[requests.length - 1];
  if (!last) throw new Error(`No request to ${route}`);
  return new URL(last.path, 'http://localhost').searchParams;
}

/** jsdom lays nothing out: the grid's scroll box gets a height, as in a browser, so rows render. */
export function giveGridAHeight(height = 480) {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height);
}
