/**
 * The convert amount range the product publishes (spec §9: 0.001 to 1,000,000 of the from-currency).
 * The server enforces its configured range (CONVERT_MIN/CONVERT_MAX) and names it in its refusal;
 * the form checks these first so a typo is caught before a quote is requested.
 */
export const CONVERT_MIN = '0.001';
export const CONVERT_MAX = '1000000';
