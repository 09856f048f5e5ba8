/** The one API base: same origin, version 1. */
export const API_BASE_PATH = '/api/v1';
/** Token refresh, relative to the base. */
export const REFRESH_PATH = 'auth/token/refresh/';
