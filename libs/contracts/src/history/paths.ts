export const HISTORY_API = '/api/v1/history';
export const HISTORY_AS_OF_API = `${HISTORY_API}/as_of`;
export const HISTORY_VIEWS_API = `${HISTORY_API}/views`;
