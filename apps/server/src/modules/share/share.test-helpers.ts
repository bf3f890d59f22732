/** The eight bytes every PNG file starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** True when `bytes` start as a PNG file does. */
export const isPng = (bytes: Buffer): boolean => bytes.subarray(0, 8).equals(PNG_SIGNATURE);

/**
 * Asks a test server at `url` for a share card, as the app does: raw bytes back (not the JSON envelope), with the
 * status and content type, in `locale`, signed in when `token` is given.
 */
export async function requestCard(url: string, body: object, token?: string, locale = 'en_us') {
  const res = await fetch(`${url}/api/xb/v1/share/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale, ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}
