/**
 * A clientOrderId for one submission: created once when the user presses the button and reused
 * if that same submission is retried, so a network retry can never place the order twice
 * (the server returns the first result for a known id).
 */
export function newClientOrderId(random: () => string = () => crypto.randomUUID()): string {
  return `w-${random().replace(/-/g, '').slice(0, 24)}`;
}
