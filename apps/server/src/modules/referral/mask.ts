/**
 * How another user's account is shown in a team list: enough to recognise a friend, not enough to
 * contact or sign in as them.
 */
export function maskAccount(user: { email: string | null; phone: string | null; phoneCountry: string | null }): string {
  if (user.email) {
    const at = user.email.lastIndexOf('@');
    const local = user.email.slice(0, at);
    const keep = local.length <= 2 ? 1 : 2;
    return `${local.slice(0, keep)}***${user.email.slice(at)}`;
  }
  if (user.phone) {
    const tail = user.phone.slice(-4);
    return `+${user.phoneCountry ?? ''} ${'*'.repeat(Math.max(3, user.phone.length - 4))}${tail}`;
  }
  return '***';
}
