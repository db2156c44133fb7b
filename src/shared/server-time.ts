/**
 * The header on catalogue answers with the server's clock as the answer left the server (ISO
 * 8601). A drop's countdown sets its clock by it: an answer kept for a few seconds for anonymous
 * visitors still carries the `now` of when it was made in its body.
 */
export const SERVER_TIME_HEADER = 'x-shop-time';
