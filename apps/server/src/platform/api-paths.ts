/**
 * The server's own address spaces: an unknown path under one is an API client's mistake (JSON
 * 404) and answers carry the API's security headers. Every other GET is a page of the web app,
 * loaded directly (spec section 2, /auth included).
 */
const API_PATHS = /^\/(api|auth\/v1|functions|realtime|storage|dev\/mailbox)(\/|$)/;

export const isApiPath = (path: string) => API_PATHS.test(path);
