/**
 * The longest search query the shop reads: the forms cut a paste at this length (a
 * 5,000-character query would make the address longer than the server accepts) and the
 * server cuts whatever arrives.
 */
export const SEARCH_QUERY_MAX_LENGTH = 200;
